package dev.hookguard.core.executor;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.StoreUnavailableException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real store behind two faults a network causes: an outage (every call throws {@link
 * StoreUnavailableException}, as an unreachable backend does), and lost replies (the write lands, then the
 * caller gets a timeout). A proxy, so that it forwards whatever the SPI declares.
 */
final class FaultyStore {

    private final IdempotencyStore real;
    private volatile boolean down;
    private final AtomicInteger repliesToLose = new AtomicInteger();

    FaultyStore(IdempotencyStore real) {
        this.real = real;
    }

    void down(boolean down) {
        this.down = down;
    }

    void loseReplies(int count) {
        repliesToLose.set(count);
    }

    IdempotencyStore store() {
        return (IdempotencyStore) Proxy.newProxyInstance(
                IdempotencyStore.class.getClassLoader(), new Class<?>[] {IdempotencyStore.class}, (proxy, m, args) -> {
                    if (down) {
                        throw unavailable();
                    }
                    Object result;
                    try {
                        result = m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (m.getName().equals("complete") && repliesToLose.getAndDecrement() > 0) {
                        throw unavailable();
                    }
                    return result;
                });
    }

    private static StoreUnavailableException unavailable() {
        return new StoreUnavailableException("simulated fault", new ConnectException("connection refused"));
    }
}
