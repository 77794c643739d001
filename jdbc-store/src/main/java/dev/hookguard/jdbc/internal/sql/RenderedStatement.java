package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.jdbc.internal.LockWait;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.DSLContext;
import org.jooq.Param;
import org.jooq.Query;
import org.jspecify.annotations.Nullable;

/**
 * One statement shape of the hot path, built with jOOQ and rendered <b>once</b> per store, then bound per call with
 * plain JDBC. The shape's values are jOOQ named parameters ({@code DSL.param("event_id", …)}); each call passes their
 * values in the order of the names given here, and this class sets them at the positions the rendering gave them.
 * Building and rendering the same statements on every call used to take three quarters of the client's CPU.
 *
 * <p>A name may occur several times in the shape (each occurrence gets the same value), or not at all (its value is
 * ignored, so that variants of one statement take the same arguments); every parameter must be named and declared:
 * checked when the shape is rendered, so a wrong shape fails the store's construction rather than bind a value in
 * the wrong place.
 * Values are {@code String}, {@code Long}, {@code Integer}, {@code Boolean}, {@code byte[]} or null.
 */
public final class RenderedStatement {

    private final String sql;
    private final String[] names;
    /** For each {@code ?} (0-based), the index of its value among the call's arguments. */
    private final int[] argumentAt;
    /** For each {@code ?}, the {@link Types} code of a null there. */
    private final int[] nullTypeAt;

    private RenderedStatement(String sql, String[] names, int[] argumentAt, int[] nullTypeAt) {
        this.sql = sql;
        this.names = names;
        this.argumentAt = argumentAt;
        this.nullTypeAt = nullTypeAt;
    }

    /**
     * Renders {@code query} with {@code renderer}; its parameters are all named, each name among {@code names}.
     *
     * @throws IllegalStateException when the shape's parameters do not match {@code names}
     */
    public static RenderedStatement of(DSLContext renderer, Query query, String... names) {
        String sql = renderer.render(query);
        List<String> order = namedMarkers(renderer.renderNamedParams(query));
        Map<String, Param<?>> params = renderer.extractParams(query);
        List<String> declared = List.of(names);
        if (markers(sql) != order.size()
                || !declared.containsAll(order)
                || declared.size() != Set.copyOf(declared).size()) {
            throw new IllegalStateException("statement shape binds " + order + " at " + markers(sql)
                    + " markers, but its callers pass " + declared + ": " + sql);
        }
        int[] argumentAt = new int[order.size()];
        int[] nullTypeAt = new int[order.size()];
        for (int position = 0; position < order.size(); position++) {
            argumentAt[position] = declared.indexOf(order.get(position));
            nullTypeAt[position] = nullType(params.get(order.get(position)).getType());
        }
        return new RenderedStatement(sql, names.clone(), argumentAt, nullTypeAt);
    }

    /**
     * This shape between {@code prefix} and {@code suffix} (other statements sent in the same string, such as {@link
     * LockWait}'s), bound with the same values.
     *
     * @throws IllegalArgumentException when {@code prefix} or {@code suffix} has a {@code ?} marker
     */
    public RenderedStatement wrapped(String prefix, String suffix) {
        if (markers(prefix) != 0 || markers(suffix) != 0) {
            throw new IllegalArgumentException(
                    "a wrapper of a statement binds nothing but was " + prefix + " … " + suffix);
        }
        return prefix.isEmpty() && suffix.isEmpty()
                ? this
                : new RenderedStatement(prefix + sql + suffix, names, argumentAt, nullTypeAt);
    }

    /** The rendered SQL, with {@code ?} markers. */
    String sql() {
        return sql;
    }

    /** A statement prepared on {@code connection} with {@code values} (in the order of the names) bound. */
    public PreparedStatement prepare(Connection connection, @Nullable Object... values) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            bind(statement, values);
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /**
     * The SQL with {@code values} written as literals (PostgreSQL's syntax), for {@code EXPLAIN} in tests; never used
     * to run a statement.
     */
    public String inlined(@Nullable Object... values) {
        checkArity(values);
        StringBuilder text = new StringBuilder();
        boolean quoted = false;
        int position = 0;
        for (char c : sql.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == '?' && !quoted) {
                text.append(literal(values[argumentAt[position++]]));
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    private void bind(PreparedStatement statement, @Nullable Object[] values) throws SQLException {
        checkArity(values);
        for (int position = 0; position < argumentAt.length; position++) {
            int index = position + 1;
            Object value = values[argumentAt[position]];
            if (value == null) {
                statement.setNull(index, nullTypeAt[position]);
            } else if (value instanceof String text) {
                statement.setString(index, text);
            } else if (value instanceof Long number) {
                statement.setLong(index, number);
            } else if (value instanceof Integer number) {
                statement.setInt(index, number);
            } else if (value instanceof Boolean flag) {
                statement.setBoolean(index, flag);
            } else if (value instanceof byte[] bytes) {
                statement.setBytes(index, bytes);
            } else {
                throw new IllegalArgumentException(
                        "value of " + names[argumentAt[position]] + " has an unsupported type " + value.getClass());
            }
        }
    }

    private void checkArity(@Nullable Object[] values) {
        if (values.length != names.length) {
            throw new IllegalArgumentException(
                    "expected values for " + Arrays.toString(names) + " but got " + values.length);
        }
    }

    /** A null's type by the parameter's Java type: {@code VARBINARY} for bytes, since PostgreSQL's BLOB is an OID. */
    private static int nullType(Class<?> type) {
        if (type == byte[].class) {
            return Types.VARBINARY;
        }
        if (type == Long.class) {
            return Types.BIGINT;
        }
        if (type == Integer.class) {
            return Types.INTEGER;
        }
        if (type == Boolean.class) {
            return Types.BOOLEAN;
        }
        return Types.VARCHAR;
    }

    /** The {@code ?} markers outside quoted literals. */
    private static int markers(String sql) {
        int count = 0;
        boolean quoted = false;
        for (char c : sql.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == '?' && !quoted) {
                count++;
            }
        }
        return count;
    }

    /** The names of the {@code :name} markers outside quoted literals, in order ({@code ::} casts skipped). */
    private static List<String> namedMarkers(String sql) {
        List<String> names = new ArrayList<>();
        boolean quoted = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == ':' && !quoted) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == ':') {
                    i++;
                    continue;
                }
                int end = i + 1;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                names.add(sql.substring(i + 1, end));
                i = end - 1;
            }
        }
        return names;
    }

    private static String literal(@Nullable Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof byte[] bytes) {
            return "'\\x" + HexFormat.of().formatHex(bytes) + "'";
        }
        return "'" + value.toString().replace("'", "''") + "'";
    }
}
