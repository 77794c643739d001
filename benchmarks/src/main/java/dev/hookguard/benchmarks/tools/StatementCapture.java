package dev.hookguard.benchmarks.tools;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A {@link DataSource} wrapper that records every prepared statement executed through it, with its SQL text and
 * bound values, while passing everything on to the real data source. Used once, on one thread, to learn exactly
 * what the JDBC store sends.
 */
public final class StatementCapture {

    /** One executed statement: its SQL and its bound values by 1-based index (null for {@code setNull}). */
    public record Executed(String sql, SortedMap<Integer, @Nullable Object> values) {}

    private static final Set<String> EXECUTE = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate");

    private final List<Executed> executed = new ArrayList<>();

    /** What was executed so far, in order. */
    public List<Executed> executed() {
        return List.copyOf(executed);
    }

    /** The data source to hand to the code under observation. */
    public DataSource wrap(DataSource target) {
        return proxy(DataSource.class, target, (method, args) -> {
            Object result = call(target, method, args);
            return result instanceof Connection connection ? connection(connection) : result;
        });
    }

    private Connection connection(Connection target) {
        return proxy(Connection.class, target, (method, args) -> {
            Object result = call(target, method, args);
            if (result instanceof PreparedStatement statement
                    && method.getName().equals("prepareStatement")
                    && args != null
                    && args[0] instanceof String sql) {
                return statement(statement, sql);
            }
            return result;
        });
    }

    private PreparedStatement statement(PreparedStatement target, String sql) {
        SortedMap<Integer, @Nullable Object> values = new TreeMap<>();
        return proxy(PreparedStatement.class, target, (method, args) -> {
            String name = method.getName();
            if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index) {
                values.put(index, name.equals("setNull") ? null : args[1]);
            } else if (name.equals("clearParameters")) {
                values.clear();
            } else if (EXECUTE.contains(name) && (args == null || args.length == 0)) {
                executed.add(new Executed(sql, new TreeMap<>(values)));
            }
            return call(target, method, args);
        });
    }

    @FunctionalInterface
    private interface Handler {
        @Nullable
        Object handle(Method method, @Nullable Object @Nullable [] args) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, T target, Handler handler) {
        InvocationHandler invocation = (proxy, method, args) -> {
            if (method.getName().equals("unwrap") || method.getName().equals("isWrapperFor")) {
                return call(target, method, args);
            }
            return handler.handle(method, args);
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, invocation));
    }

    private static @Nullable Object call(Object target, Method method, @Nullable Object @Nullable [] args)
            throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
