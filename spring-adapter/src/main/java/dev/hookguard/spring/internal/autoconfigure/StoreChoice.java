package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.HookguardSettings.StoreType;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Which store the auto-configuration builds, from {@code hookguard.store.type} and the beans present:
 *
 * <ul>
 *   <li>{@code hookguard.store.type} set: that store, which must be possible (its module on the class path, a Redis
 *       connection or a {@code DataSource} present);
 *   <li>unset: Redis when {@code redis-store} is on the class path and {@code hookguard.store.redis.uri}, a Lettuce
 *       client bean or a Spring Data {@code LettuceConnectionFactory} is present; JDBC when {@code jdbc-store} is on
 *       the class path and a {@code DataSource} bean is present; both at once is ambiguous and fails start-up (set
 *       the type); neither is the in-memory store.
 * </ul>
 *
 * Evaluated after Spring Boot's Redis and {@code DataSource} auto-configuration, so their beans count.
 *
 * @param type the store to build, or null when the choice fails
 * @param problem why the choice fails, naming the property, or null
 */
public record StoreChoice(
        @Nullable StoreType type, @Nullable String problem) {

    static final String TYPE_PROPERTY = "hookguard.store.type";
    static final String URI_PROPERTY = "hookguard.store.redis.uri";

    private static final String REDIS_STORE = "dev.hookguard.redis.RedisIdempotencyStore";
    private static final String LETTUCE_CLIENT = "io.lettuce.core.AbstractRedisClient";
    private static final String SPRING_DATA_FACTORY =
            "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory";
    private static final String JDBC_STORE = "dev.hookguard.jdbc.JdbcIdempotencyStore";
    private static final String DATA_SOURCE = "javax.sql.DataSource";
    private static final String TIERED_STORE = "dev.hookguard.tiered.TieredStore";

    static StoreChoice of(ConditionContext context) {
        ClassLoader loader = context.getClassLoader();
        return of(
                context.getEnvironment(),
                context.getBeanFactory(),
                loader != null ? loader : StoreChoice.class.getClassLoader());
    }

    static StoreChoice of(Environment environment, ConfigurableListableBeanFactory beans, ClassLoader loader) {
        boolean redisModule = present(REDIS_STORE, loader) && present(LETTUCE_CLIENT, loader);
        boolean redisConnection = environment.containsProperty(URI_PROPERTY)
                || hasBean(beans, LETTUCE_CLIENT, loader)
                || hasBean(beans, SPRING_DATA_FACTORY, loader);
        boolean jdbcModule = present(JDBC_STORE, loader);
        boolean dataSource = hasBean(beans, DATA_SOURCE, loader);
        String explicit = environment.getProperty(TYPE_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            if ("tiered".equalsIgnoreCase(explicit.trim())) {
                return tiered(
                        present(TIERED_STORE, loader) && present(LETTUCE_CLIENT, loader), redisConnection, dataSource);
            }
            return explicit(explicit, redisModule, redisConnection, jdbcModule, dataSource);
        }
        boolean redis = redisModule && redisConnection;
        boolean jdbc = jdbcModule && dataSource;
        if (redis && jdbc) {
            return failed(TYPE_PROPERTY + " is not set, and both a Redis connection and a DataSource are present;"
                    + " set it to redis, jdbc or tiered");
        }
        return new StoreChoice(redis ? StoreType.REDIS : jdbc ? StoreType.JDBC : StoreType.MEMORY, null);
    }

    private static StoreChoice explicit(
            String value, boolean redisModule, boolean redisConnection, boolean jdbcModule, boolean dataSource) {
        StoreType type;
        try {
            type = StoreType.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return failed(TYPE_PROPERTY + " must be memory, redis, jdbc or tiered but was '" + value + "'");
        }
        if (type == StoreType.REDIS && !redisModule) {
            return failed(TYPE_PROPERTY + " is redis, but dev.hookguard:redis-store (with Lettuce) is not on the"
                    + " class path");
        }
        if (type == StoreType.REDIS && !redisConnection) {
            return failed(TYPE_PROPERTY + " is redis, but there is no Redis connection: set " + URI_PROPERTY
                    + ", or provide a Lettuce RedisClient or a Spring Data LettuceConnectionFactory bean");
        }
        if (type == StoreType.JDBC && !jdbcModule) {
            return failed(TYPE_PROPERTY + " is jdbc, but dev.hookguard:jdbc-store is not on the class path");
        }
        if (type == StoreType.JDBC && !dataSource) {
            return failed(TYPE_PROPERTY + " is jdbc, but there is no DataSource bean");
        }
        return new StoreChoice(type, null);
    }

    private static StoreChoice tiered(boolean module, boolean redisConnection, boolean dataSource) {
        if (!module) {
            return failed(TYPE_PROPERTY + " is tiered, but dev.hookguard:tiered-store is not on the" + " class path");
        }
        if (!redisConnection || !dataSource) {
            return failed(TYPE_PROPERTY + " is tiered, which needs a DataSource bean (the records) and a Redis"
                    + " connection (the cache: " + URI_PROPERTY + ", a Lettuce RedisClient or a Spring Data"
                    + " LettuceConnectionFactory bean), but "
                    + (dataSource
                            ? "there is no Redis connection"
                            : redisConnection ? "there is no DataSource bean" : "there is neither"));
        }
        return new StoreChoice(StoreType.TIERED, null);
    }

    private static StoreChoice failed(String problem) {
        return new StoreChoice(null, problem);
    }

    private static boolean present(String className, ClassLoader loader) {
        return ClassUtils.isPresent(className, loader);
    }

    private static boolean hasBean(ConfigurableListableBeanFactory beans, String className, ClassLoader loader) {
        if (!present(className, loader)) {
            return false;
        }
        Class<?> type = ClassUtils.resolveClassName(className, loader);
        return beans.getBeanNamesForType(type, true, false).length > 0;
    }

    /**
     * Matches when the choice is the given store. Evaluated when beans are registered (not when configuration classes
     * are parsed), so that the beans of Spring Boot's Redis and DataSource auto-configuration are visible.
     */
    abstract static class Chosen extends SpringBootCondition implements ConfigurationCondition {
        private final StoreType type;

        Chosen(StoreType type) {
            this.type = type;
        }

        @Override
        public ConfigurationPhase getConfigurationPhase() {
            return ConfigurationPhase.REGISTER_BEAN;
        }

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            StoreChoice choice = StoreChoice.of(context);
            return choice.type() == type
                    ? ConditionOutcome.match("Hookguard store chosen: " + type)
                    : ConditionOutcome.noMatch("Hookguard store chosen: "
                            + (choice.type() == null ? "none (" + choice.problem() + ")" : choice.type()));
        }
    }

    /** The Redis store is chosen. */
    static final class Redis extends Chosen {
        Redis() {
            super(StoreType.REDIS);
        }
    }

    /** The JDBC store is chosen. */
    static final class Jdbc extends Chosen {
        Jdbc() {
            super(StoreType.JDBC);
        }
    }

    /** The tiered store is chosen. */
    static final class Tiered extends Chosen {
        Tiered() {
            super(StoreType.TIERED);
        }
    }

    /** The in-memory store is chosen. */
    static final class Memory extends Chosen {
        Memory() {
            super(StoreType.MEMORY);
        }
    }

    /** No store can be chosen: start-up must fail. */
    static final class Failed extends SpringBootCondition implements ConfigurationCondition {

        @Override
        public ConfigurationPhase getConfigurationPhase() {
            return ConfigurationPhase.REGISTER_BEAN;
        }

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            StoreChoice choice = StoreChoice.of(context);
            return choice.problem() != null
                    ? ConditionOutcome.match(choice.problem())
                    : ConditionOutcome.noMatch("Hookguard store chosen: " + choice.type());
        }
    }
}
