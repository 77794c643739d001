package dev.hookguard.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * A data source that counts what really reaches the driver: commits (explicit {@code commit()} calls, and every
 * statement executed in auto-commit mode, which commits on its own), statements executed, and isolation-level
 * inquiries or changes (each a round trip of its own on PostgreSQL).
 */
final class CountingDataSource {

    private static final Set<String> EXECUTIONS =
            Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate", "executeBatch");

    final AtomicInteger commits = new AtomicInteger();
    final AtomicInteger statements = new AtomicInteger();
    final AtomicInteger isolationCalls = new AtomicInteger();
    final DataSource dataSource;

    CountingDataSource(DataSource target) {
        this.dataSource = (DataSource) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    Object result = invoke(target, method, args);
                    return method.getName().equals("getConnection") ? connection((Connection) result) : result;
                });
    }

    void reset() {
        commits.set(0);
        statements.set(0);
        isolationCalls.set(0);
    }

    private Connection connection(Connection target) {
        return (Connection) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    String name = method.getName();
                    if (name.equals("commit")) {
                        commits.incrementAndGet();
                    }
                    if (name.equals("getTransactionIsolation") || name.equals("setTransactionIsolation")) {
                        isolationCalls.incrementAndGet();
                    }
                    Object result = invoke(target, method, args);
                    if (result instanceof Statement statement) {
                        return statement(target, statement, method.getReturnType());
                    }
                    return result;
                });
    }

    private Object statement(Connection connection, Statement target, Class<?> type) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (EXECUTIONS.contains(method.getName())) {
                statements.incrementAndGet();
                if (connection.getAutoCommit()) {
                    commits.incrementAndGet();
                }
            }
            return invoke(target, method, args);
        };
        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler);
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
