package dev.hookguard.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ForwardingRecoveryStore} sends every call through {@link ForwardingRecoveryStore#delegate()}, so a decorator
 * whose target changes (one that can be swapped) overrides that one method and every call follows it.
 */
class ForwardingRecoveryStoreTest {

    @Test
    void shouldSendEveryCallThroughDelegate() throws Exception {
        List<String> reached = new ArrayList<>();
        RecoveryStore current = recording(reached);
        RecoveryStore given = recording(new ArrayList<>());
        ForwardingRecoveryStore swapped = new ForwardingRecoveryStore(given) {
            @Override
            protected RecoveryStore delegate() {
                return current;
            }
        };
        List<Method> forwarded = Arrays.stream(ForwardingRecoveryStore.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
                .toList();

        for (Method method : forwarded) {
            method.invoke(swapped, defaults(method.getParameterTypes()));
        }

        assertThat(reached)
                .containsExactlyInAnyOrderElementsOf(forwarded.stream()
                        .map(ForwardingRecoveryStoreTest::signature)
                        .toList());
    }

    /** A store that notes each call's signature and answers with nothing. */
    private static RecoveryStore recording(List<String> calls) {
        return (RecoveryStore) Proxy.newProxyInstance(
                RecoveryStore.class.getClassLoader(), new Class<?>[] {RecoveryStore.class}, (proxy, method, args) -> {
                    calls.add(signature(method));
                    return defaultValue(method.getReturnType());
                });
    }

    private static String signature(Method method) {
        return method.getName() + Arrays.toString(method.getParameterTypes());
    }

    private static Object[] defaults(Class<?>[] types) {
        return Arrays.stream(types)
                .map(ForwardingRecoveryStoreTest::defaultValue)
                .toArray();
    }

    private static Object defaultValue(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        return null;
    }
}
