package dev.hookguard.spring.internal.autoconfigure;

/**
 * Spring Boot auto-configurations that Hookguard's must follow, by name on both Boot lines (Boot 4 moved them into
 * modules and packages of their own); a name that does not exist on the running line is ignored.
 */
public final class AutoConfigurationNames {

    static final String REDIS_3 = "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration";
    static final String REDIS_4 = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration";
    static final String DATA_SOURCE_3 = "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration";
    static final String DATA_SOURCE_4 = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";
    static final String TRANSACTION_MANAGER_3 =
            "org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration";
    static final String TRANSACTION_MANAGER_4 =
            "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration";
    static final String JPA_3 = "org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration";
    static final String JPA_4 = "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration";

    private AutoConfigurationNames() {}
}
