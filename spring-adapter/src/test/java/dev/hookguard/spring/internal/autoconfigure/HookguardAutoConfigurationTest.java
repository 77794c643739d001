package dev.hookguard.spring.internal.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcSchema;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import dev.hookguard.spring.HookguardFilterCustomizer;
import dev.hookguard.spring.autoconfigure.HookguardProperties;
import dev.hookguard.spring.internal.actuate.DeadLetterEndpoint;
import dev.hookguard.spring.internal.actuate.HookguardActuatorAutoConfiguration;
import dev.hookguard.spring.internal.actuate.HookguardHealthAutoConfiguration;
import dev.hookguard.spring.internal.transaction.TransactionalWebhooks;
import dev.hookguard.spring.internal.web.EndpointGroup;
import dev.hookguard.spring.internal.web.HookguardWebFilter;
import dev.hookguard.spring.internal.web.HookguardWebMvcConfigurer;
import io.lettuce.core.RedisClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Every condition of the auto-configuration, in a context of its own: which store is chosen from which beans and
 * properties, that the application's beans win, that nothing is registered when Hookguard is disabled, and that a
 * configuration that cannot work fails start-up naming the property.
 */
class HookguardAutoConfigurationTest {

    private static final AutoConfigurations HOOKGUARD = AutoConfigurations.of(
            HookguardAutoConfiguration.class,
            HookguardRedisStoreAutoConfiguration.class,
            HookguardJdbcStoreAutoConfiguration.class,
            HookguardMemoryStoreAutoConfiguration.class,
            HookguardTransactionalAutoConfiguration.class,
            HookguardMetricsAutoConfiguration.class,
            HookguardWebAutoConfiguration.class,
            HookguardHealthAutoConfiguration.class,
            HookguardActuatorAutoConfiguration.class);

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(HOOKGUARD);
    private final WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(HOOKGUARD);

    private static DataSource h2() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:hg" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        return dataSource;
    }

    private static String failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        Throwable failure = context.getStartupFailure();
        FailureAnalysis analysis = new HookguardFailureAnalyzer().analyze(failure);
        assertThat(analysis)
                .as("a HookguardConfigurationException in %s", failure)
                .isNotNull();
        return analysis.getDescription();
    }

    // ---- store choice

    @Test
    void shouldChooseTheInMemoryStoreWhenNothingElseIsPresent() {
        runner.run(context -> {
            assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(InMemoryStore.class);
            assertThat(context)
                    .getBean("hookguardMemoryPurge", ScheduledPurge.class)
                    .satisfies(p -> assertThat(p.isScheduled()).isTrue());
        });
    }

    @Test
    void shouldChooseTheJdbcStoreForADataSourceAndPurgeIt() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withPropertyValues("hookguard.store.jdbc.create-schema-if-missing=true")
                .run(context -> {
                    assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(JdbcIdempotencyStore.class);
                    assertThat(context).hasBean("hookguardJdbcPurge").doesNotHaveBean("hookguardMemoryPurge");
                    assertThat(context).doesNotHaveBean(TransactionalWebhooks.class);
                });
    }

    @Test
    void shouldOfferTheTransactionalModeWhenTheDataSourceHasATransactionManager() {
        DataSource dataSource = h2();
        runner.withBean(DataSource.class, () -> dataSource)
                .withBean(PlatformTransactionManager.class, () -> new DataSourceTransactionManager(dataSource))
                .withPropertyValues("hookguard.store.jdbc.create-schema-if-missing=true")
                .run(context -> assertThat(context)
                        .getBean(TransactionalWebhooks.class)
                        .satisfies(t -> {
                            assertThat(t.store()).isSameAs(context.getBean(IdempotencyStore.class));
                            assertThat(t.dataSource()).isSameAs(dataSource);
                        }));
    }

    @Test
    void shouldTurnThePurgeOffWithAZeroInterval() {
        runner.withPropertyValues("hookguard.store.memory.purge-interval=0")
                .run(context -> assertThat(context)
                        .getBean("hookguardMemoryPurge", ScheduledPurge.class)
                        .satisfies(p -> assertThat(p.isScheduled()).isFalse()));
    }

    @Test
    void shouldFailWhenBothRedisAndADataSourceArePresentAndNoTypeIsSet() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withBean(
                        RedisClient.class,
                        () -> RedisClient.create("redis://127.0.0.1:1"),
                        b -> b.setDestroyMethodName("shutdown"))
                .run(context -> assertThat(failure(context))
                        .isEqualTo(
                                "Hookguard is misconfigured: Hookguard cannot choose a store: hookguard.store.type is"
                                        + " not set, and both a Redis connection and a DataSource are present; set it to redis"
                                        + ", jdbc or tiered"));
    }

    @Test
    void shouldTakeTheStoreTypeFromThePropertyOverTheBeansPresent() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withBean(
                        RedisClient.class,
                        () -> RedisClient.create("redis://127.0.0.1:1"),
                        b -> b.setDestroyMethodName("shutdown"))
                .withPropertyValues("hookguard.store.type=memory")
                .run(context ->
                        assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(InMemoryStore.class));
    }

    @Test
    void shouldFailWhenTheChosenStoreHasNothingToConnectTo() {
        runner.withPropertyValues("hookguard.store.type=redis")
                .run(context -> assertThat(failure(context))
                        .contains("hookguard.store.type is redis, but there is no Redis connection")
                        .contains("hookguard.store.redis.uri"));
        runner.withPropertyValues("hookguard.store.type=jdbc")
                .run(context -> assertThat(failure(context))
                        .contains("hookguard.store.type is jdbc, but there is no DataSource bean"));
    }

    @Test
    void shouldNameABadStoreProperty() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withPropertyValues("hookguard.store.jdbc.table-name=Events!")
                .run(context -> assertThat(failure(context))
                        .startsWith("Hookguard is misconfigured:" + " hookguard.store.jdbc.table-name must match"));
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withPropertyValues("hookguard.store.jdbc.dialect=oracle")
                .run(context -> assertThat(failure(context))
                        .contains("hookguard.store.jdbc.dialect must be postgresql, h2, mariadb or mysql but was"
                                + " 'oracle'"));
    }

    @Test
    void shouldNameABadRedisDurabilityProperty() {
        runner.withPropertyValues(
                        "hookguard.store.redis.uri=redis://127.0.0.1:1",
                        "hookguard.store.redis.durability.replicas=1",
                        "hookguard.store.redis.durability.timeout=5s")
                .run(context -> assertThat(failure(context))
                        .startsWith("Hookguard is misconfigured: hookguard.store.redis.durability.timeout must be below"
                                + " commandTimeout (PT2S) but was PT5S"));
        runner.withPropertyValues(
                        "hookguard.store.redis.uri=redis://127.0.0.1:1", "hookguard.store.redis.durability.replicas=-1")
                .run(context -> assertThat(failure(context))
                        .startsWith("Hookguard is misconfigured: hookguard.store.redis.durability.replicas must be 0 or"
                                + " more but was -1"));
        runner.withPropertyValues(
                        "hookguard.store.redis.uri=redis://127.0.0.1:1",
                        "hookguard.store.redis.durability.endpoints.payments.replicas=-1")
                .run(context -> assertThat(failure(context))
                        .startsWith("Hookguard is misconfigured: hookguard.store.redis.durability.endpoints.payments"
                                + ".replicas must be 0 or more but was -1"));
    }

    @Test
    void shouldGiveAnEndpointItsOwnRedisDurabilityFromInitParamsAndProperties() {
        for (HookguardSettings settings :
                initParamsAndProperties("store.redis.durability.endpoints.payments.replicas", "1")) {
            dev.hookguard.redis.RedisStoreConfig config =
                    dev.hookguard.servlet.internal.config.RedisStoreSettings.config(
                            settings.getStore().getRedis(), "hookguard.");
            assertThat(config.durabilityReplicas("payments")).isEqualTo(1);
            assertThat(config.durabilityReplicas("analytics")).isZero();
            assertThat(config.durability()).isEqualTo("none; payments: replicas(1, PT1S)");
        }
    }

    @Test
    void shouldPutAnEndpointsKeysInOneSlotFromInitParamsAndProperties() {
        for (HookguardSettings settings : initParamsAndProperties("store.redis.slot-per-endpoint", "true")) {
            assertThat(dev.hookguard.servlet.internal.config.RedisStoreSettings.config(
                                    settings.getStore().getRedis(), "hookguard.")
                            .slotPerEndpoint())
                    .isTrue();
        }
        assertThat(dev.hookguard.servlet.internal.config.RedisStoreSettings.config(
                                new HookguardSettings().getStore().getRedis(), "hookguard.")
                        .slotPerEndpoint())
                .isFalse();
    }

    /** The same setting read as a servlet init-param and bound as a Spring property ({@code hookguard.} + name). */
    private static java.util.List<HookguardSettings> initParamsAndProperties(String name, String value) {
        return java.util.List.of(
                dev.hookguard.servlet.internal.config.InitParams.settings(java.util.Map.of(name, value)),
                new org.springframework.boot.context.properties.bind.Binder(
                                new org.springframework.boot.context.properties.source.MapConfigurationPropertySource(
                                        java.util.Map.of("hookguard." + name, value)))
                        .bind("hookguard", HookguardSettings.class)
                        .get());
    }

    @Test
    void shouldFailStartUpNamingThePropertyAndTheMigrationWhenTheTableIsMissing() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .run(context -> assertThat(failure(context))
                        .isEqualTo("Hookguard is misconfigured: The JDBC store's table hookguard_events does not exist:"
                                + " set hookguard.store.jdbc.create-schema-if-missing=true to create it at start-up, or"
                                + " run the migrations V1__create_hookguard_events.sql, V2__recovery.sql, V3__inline_bodies.sql,"
                                + " V4__endpoint_controls.sql, V5__attempts.sql, V6__audit_trail.sql from"
                                + " classpath:dev/hookguard/jdbc/migration/h2 in order"));
    }

    @Test
    void shouldFailStartUpNamingTheMigrationATableOfV1AloneLacks() throws Exception {
        DataSource dataSource = h2();
        try (java.sql.Connection connection = dataSource.getConnection();
                java.sql.Statement statement = connection.createStatement()) {
            statement.execute(
                    "RUNSCRIPT FROM 'classpath:/dev/hookguard/jdbc/migration/h2/V1__create_hookguard_events.sql'");
        }

        runner.withBean(DataSource.class, () -> dataSource)
                .run(context -> assertThat(failure(context))
                        .isEqualTo("Hookguard is misconfigured: The JDBC store's table hookguard_events lacks the"
                                + " migration(s) V2__recovery.sql, V3__inline_bodies.sql, V4__endpoint_controls.sql,"
                                + " V5__attempts.sql, V6__audit_trail.sql: run them from"
                                + " classpath:dev/hookguard/jdbc/migration/h2 in order, or set"
                                + " hookguard.store.jdbc.create-schema-if-missing=true to apply them at start-up"));
    }

    @Test
    void shouldStartOnATableThatAMigrationCreated() {
        DataSource dataSource = h2();
        JdbcSchema.createIfMissing(dataSource, JdbcDialect.H2, "hookguard_events");

        runner.withBean(DataSource.class, () -> dataSource)
                .run(context ->
                        assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(JdbcIdempotencyStore.class));
    }

    @Test
    void shouldReportAStoreThatIsDownAtStartUpAsAFailureAnalysis() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::unreachable)
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis =
                            new StoreUnavailableFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription()).startsWith("Hookguard's store is unavailable at start-up:");
                    assertThat(analysis.getAction()).contains("hookguard.store.jdbc.dialect");
                });
    }

    @Test
    void shouldStartWhileTheDatabaseIsDownWhenTheDialectIsConfigured() {
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::unreachable)
                .withPropertyValues("hookguard.store.jdbc.dialect=postgresql")
                .run(context ->
                        assertThat(context).getBean(IdempotencyStore.class).isInstanceOf(JdbcIdempotencyStore.class));
    }

    /** A PostgreSQL data source on a port where nothing listens. */
    private static DataSource unreachable() {
        org.postgresql.ds.PGSimpleDataSource dataSource = new org.postgresql.ds.PGSimpleDataSource();
        dataSource.setURL("jdbc:postgresql://127.0.0.1:1/none");
        dataSource.setConnectTimeout(2);
        return dataSource;
    }

    // ---- the application's beans win

    @Test
    void shouldBackOffForTheApplicationsStore() {
        InMemoryStore own = new InMemoryStore();
        runner.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withBean("myStore", IdempotencyStore.class, () -> own)
                .run(context -> {
                    assertThat(context).getBean(IdempotencyStore.class).isSameAs(own);
                    assertThat(context).doesNotHaveBean(JdbcIdempotencyStore.class);
                    assertThat(context).doesNotHaveBean("hookguardMemoryPurge");
                });
    }

    @Test
    void shouldBackOffForTheApplicationsMetricsEndpointsAndCustomizer() {
        DeliveryMetrics metrics = DeliveryMetrics.none();
        EndpointGroup endpoints = new EndpointGroup("mine", java.util.List.of());
        HookguardFilterCustomizer customizer = builder -> {};
        runner.withBean(DeliveryMetrics.class, () -> metrics)
                .withBean("hookguardPropertyEndpoints", EndpointGroup.class, () -> endpoints)
                .withBean("hookguardPropertiesCustomizer", HookguardFilterCustomizer.class, () -> customizer)
                .run(context -> {
                    assertThat(context).getBean(DeliveryMetrics.class).isSameAs(metrics);
                    assertThat(context).getBean(EndpointGroup.class).isSameAs(endpoints);
                    assertThat(context).getBean(HookguardFilterCustomizer.class).isSameAs(customizer);
                });
    }

    @Test
    void shouldBackOffForTheApplicationsFilterAndRegistration() {
        FilterRegistrationBean<HookguardWebFilter> own = new FilterRegistrationBean<>();
        web.withBean("hookguardFilterRegistration", FilterRegistrationBean.class, () -> own)
                .run(context -> assertThat(context)
                        .getBean("hookguardFilterRegistration")
                        .isSameAs(own));
        web.withBean("myFilter", HookguardWebFilter.class)
                .run(context ->
                        assertThat(context).getBeans(HookguardWebFilter.class).containsOnlyKeys("myFilter"));
    }

    @Test
    void shouldBackOffForTheApplicationsHealthIndicatorAndDeadLetterEndpoint() {
        Object own = new Object();
        DeadLetterEndpoint endpoint = new DeadLetterEndpoint(new InMemoryStore(), Map::of);
        runner.withBean("hookguardHealthIndicator", Object.class, () -> own)
                .withBean(DeadLetterEndpoint.class, () -> endpoint)
                .withPropertyValues("management.endpoints.web.exposure.include=hookguard")
                .run(context -> {
                    assertThat(context).getBean("hookguardHealthIndicator").isSameAs(own);
                    assertThat(context).getBean(DeadLetterEndpoint.class).isSameAs(endpoint);
                });
    }

    // ---- metrics, health, actuator

    @Test
    void shouldBindTheMetersToTheApplicationsRegistry() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        runner.withBean(MeterRegistry.class, () -> registry).run(context -> {
            DeliveryMetrics metrics = context.getBean(DeliveryMetrics.class);
            assertThat(metrics).isInstanceOf(MicrometerDeliveryMetrics.class);
            metrics.delivery("stripe", dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome.PROCESSED);
            assertThat(registry.get("hookguard.deliveries")
                            .tag("endpoint", "stripe")
                            .tag("outcome", "processed")
                            .counter()
                            .count())
                    .isEqualTo(1.0);
        });
    }

    @Test
    void shouldReportNowhereWithoutARegistry() {
        runner.run(context -> assertThat(context).getBean(DeliveryMetrics.class).isSameAs(DeliveryMetrics.none()));
    }

    @Test
    void shouldReportTheStoresHealth() {
        runner.run(context -> {
            Object indicator = context.getBean("hookguardHealthIndicator");
            Object health = healthOf(indicator);
            assertThat(call(health, "getStatus")).hasToString("UP");
            assertThat(call(health, "getDetails")).isEqualTo(Map.of("store", "memory"));
        });
        runner.withPropertyValues("management.health.hookguard.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean("hookguardHealthIndicator"));
    }

    @Test
    void shouldDeclareTheDeadLetterEndpointOnlyWhenExposed() {
        runner.run(context -> assertThat(context).doesNotHaveBean(DeadLetterEndpoint.class));
        runner.withPropertyValues("management.endpoints.web.exposure.include=health,hookguard")
                .run(context -> assertThat(context).hasSingleBean(DeadLetterEndpoint.class));
    }

    @Test
    void shouldDeclareNoDeadLetterEndpointWithoutTheConsoleModuleWhoseOperatorServiceItShows() {
        runner.withPropertyValues("management.endpoints.web.exposure.include=health,hookguard")
                .withClassLoader(new FilteredClassLoader(dev.hookguard.console.internal.OperatorService.class))
                .run(context -> assertThat(context).doesNotHaveBean(DeadLetterEndpoint.class));
    }

    // ---- web

    @Test
    void shouldRegisterTheFilterAheadOfParameterReadingFiltersWithAsyncSupport() {
        web.run(context -> {
            assertThat(context).hasSingleBean(HookguardWebFilter.class).hasSingleBean(HookguardWebMvcConfigurer.class);
            FilterRegistrationBean<?> registration =
                    context.getBean("hookguardFilterRegistration", FilterRegistrationBean.class);
            assertThat(registration.getFilter()).isSameAs(context.getBean(HookguardWebFilter.class));
            assertThat(registration.isAsyncSupported()).isTrue();
            assertThat(registration.getOrder()).isEqualTo(Ordered.HIGHEST_PRECEDENCE + 10);
            assertThat(registration.getUrlPatterns()).containsExactly("/*");
            assertThat(registration.determineDispatcherTypes())
                    .containsExactlyInAnyOrder(DispatcherType.REQUEST, DispatcherType.ASYNC);
        });
    }

    @Test
    void shouldNotRegisterTheFilterOutsideAServletWebApplication() {
        runner.run(context -> assertThat(context)
                .doesNotHaveBean(HookguardWebFilter.class)
                .doesNotHaveBean("hookguardFilterRegistration"));
    }

    // ---- disabled

    @Test
    void shouldRegisterNothingWhenDisabled() {
        web.withBean(DataSource.class, HookguardAutoConfigurationTest::h2)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues(
                        "hookguard.enabled=false",
                        "management.endpoints.web.exposure.include=hookguard",
                        "hookguard.endpoints.x.scheme=nonsense")
                .run(context -> assertThat(context)
                        .hasNotFailed()
                        .doesNotHaveBean(HookguardProperties.class)
                        .doesNotHaveBean(IdempotencyStore.class)
                        .doesNotHaveBean(EndpointGroup.class)
                        .doesNotHaveBean(HookguardFilterCustomizer.class)
                        .doesNotHaveBean(DeliveryMetrics.class)
                        .doesNotHaveBean(HookguardWebFilter.class)
                        .doesNotHaveBean("hookguardFilterRegistration")
                        .doesNotHaveBean(HookguardWebMvcConfigurer.class)
                        .doesNotHaveBean("hookguardHealthIndicator")
                        .doesNotHaveBean(DeadLetterEndpoint.class)
                        .doesNotHaveBean(ScheduledPurge.class));
    }

    // ---- start-up failures name the property

    @Test
    void shouldFailStartUpNamingTheSecretsPropertyWhenNoSecretIsSet() {
        runner.withPropertyValues("hookguard.endpoints.stripe.scheme=stripe")
                .run(context -> assertThat(failure(context))
                        .isEqualTo("Hookguard is misconfigured: hookguard.endpoints.stripe.secrets must hold at least"
                                + " one secret but was empty"));
    }

    @Test
    void shouldFailStartUpNamingTheSchemePropertyForAnUnknownScheme() {
        runner.withPropertyValues(
                        "hookguard.endpoints.stripe.scheme=strype",
                        "hookguard.endpoints.stripe.secrets=whsec_0123456789abcdef")
                .run(context ->
                        assertThat(failure(context)).contains("hookguard.endpoints.stripe.scheme must be one of"));
    }

    @Test
    void shouldFailStartUpNamingTheFilterPropertyOfABadStatus() {
        runner.withPropertyValues("hookguard.in-progress-status=418")
                .run(context -> assertThat(failure(context))
                        .isEqualTo("Hookguard is misconfigured: hookguard.in-progress-status must be 409, 429 or 503"
                                + " but was 418"));
    }

    @Test
    void shouldFailStartUpNamingThePropertyOfAMalformedDuration() {
        runner.withPropertyValues(
                        "hookguard.endpoints.stripe.scheme=stripe",
                        "hookguard.endpoints.stripe.secrets=whsec_0123456789abcdef",
                        "hookguard.endpoints.stripe.policy.lease=thirty seconds")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(causes(context.getStartupFailure()))
                            .contains("Failed to bind properties under 'hookguard.endpoints.stripe.policy.lease'");
                });
    }

    /** Calls {@code health()} through the interface of the running Boot line, which a test compiles against neither. */
    private static Object healthOf(Object indicator) throws Exception {
        for (Class<?> type : indicator.getClass().getInterfaces()) {
            if (type.getSimpleName().equals("HealthIndicator")) {
                return type.getMethod("health").invoke(indicator);
            }
        }
        throw new AssertionError(indicator + " is not a HealthIndicator");
    }

    private static Object call(Object target, String method) throws Exception {
        Method getter = target.getClass().getMethod(method);
        return getter.invoke(target);
    }

    private static String causes(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
        }
        return messages.toString();
    }
}
