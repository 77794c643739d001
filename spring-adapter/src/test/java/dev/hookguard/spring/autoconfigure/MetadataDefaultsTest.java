package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.jdbc.JdbcIdempotentExecutor;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.servlet.Backoff;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.RecoveryConfig;
import dev.hookguard.spring.internal.autoconfigure.ScheduledPurge;
import dev.hookguard.spring.internal.autoconfigure.SecurityChainCheck;
import dev.hookguard.tiered.TieredStoreConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;

/**
 * Every default the Spring configuration metadata shows (the processor's output in {@code target/classes}, merged
 * with {@code additional-spring-configuration-metadata.json}) equals the builder's {@code DEFAULT_*} constant: the
 * properties classes hold no defaults of their own, so the metadata is the only place a default is written down
 * twice, and this test keeps it true.
 */
class MetadataDefaultsTest {

    private static Map<String, Object> expected() {
        Map<String, Object> defaults = new TreeMap<>();
        defaults.put("hookguard.enabled", true);
        defaults.put("hookguard.security-check.enabled", SecurityChainCheck.DEFAULT_ENABLED);
        defaults.put("hookguard.console.enabled", false);
        defaults.put("hookguard.console.path", dev.hookguard.console.ConsoleConfig.DEFAULT_PATH);
        defaults.put("hookguard.console.read-role", dev.hookguard.console.ServletRoleAuthorizer.DEFAULT_READ_ROLE);
        defaults.put("hookguard.console.write-role", dev.hookguard.console.ServletRoleAuthorizer.DEFAULT_WRITE_ROLE);
        defaults.put("hookguard.console.page-size", dev.hookguard.console.ConsoleConfig.DEFAULT_PAGE_SIZE);
        defaults.put("hookguard.console.max-page-size", dev.hookguard.console.ConsoleConfig.DEFAULT_MAX_PAGE_SIZE);
        defaults.put("hookguard.console.audit-retention", dev.hookguard.console.ConsoleConfig.DEFAULT_AUDIT_RETENTION);
        defaults.put("hookguard.in-progress-status", HookguardFilterConfig.DEFAULT_IN_PROGRESS_STATUS);
        defaults.put("hookguard.dead-status", HookguardFilterConfig.DEFAULT_DEAD_STATUS);
        defaults.put("hookguard.fail-open", HookguardFilterConfig.DEFAULT_FAIL_OPEN);
        defaults.put("hookguard.unavailable-retry-after", HookguardFilterConfig.DEFAULT_UNAVAILABLE_RETRY_AFTER);
        defaults.put("hookguard.store-timeout", HookguardFilterConfig.DEFAULT_STORE_TIMEOUT);
        defaults.put("hookguard.max-body-bytes", DataSize.ofBytes(EndpointConfig.DEFAULT_MAX_BODY_BYTES));
        defaults.put("hookguard.endpoints.*.dispatch.nodes", RecoveryConfig.Dispatch.DEFAULT_NODES);
        defaults.put("hookguard.endpoints.*.dispatch.breaker.enabled", RecoveryConfig.Breaker.DEFAULT_ENABLED);
        defaults.put("hookguard.endpoints.*.dispatch.breaker.failure-rate", (int)
                RecoveryConfig.Breaker.DEFAULT_FAILURE_RATE);
        defaults.put(
                "hookguard.endpoints.*.dispatch.breaker.minimum-calls", RecoveryConfig.Breaker.DEFAULT_MINIMUM_CALLS);
        defaults.put("hookguard.endpoints.*.dispatch.breaker.window", RecoveryConfig.Breaker.DEFAULT_WINDOW);
        defaults.put(
                "hookguard.endpoints.*.dispatch.breaker.wait-in-open", RecoveryConfig.Breaker.DEFAULT_WAIT_IN_OPEN);
        defaults.put("hookguard.endpoints.*.dispatch.breaker.probes", RecoveryConfig.Breaker.DEFAULT_PROBES);
        defaults.put("hookguard.policy.lease", IdempotencyPolicy.DEFAULT_LEASE);
        defaults.put("hookguard.policy.retention", IdempotencyPolicy.DEFAULT_RETENTION);
        defaults.put("hookguard.policy.dead-retention", IdempotencyPolicy.DEFAULT_DEAD_RETENTION);
        defaults.put("hookguard.policy.max-attempts", IdempotencyPolicy.DEFAULT_MAX_ATTEMPTS);
        defaults.put("hookguard.policy.attempt-log", IdempotencyPolicy.DEFAULT_ATTEMPT_LOG);
        defaults.put(
                "hookguard.policy.response-body-cap", DataSize.ofBytes(IdempotencyPolicy.DEFAULT_RESPONSE_BODY_CAP));
        defaults.put("hookguard.endpoints.*.public-url", "as-received");
        defaults.put("hookguard.endpoints.*.tolerance", SignatureConfig.DEFAULT_TOLERANCE);
        defaults.put("hookguard.endpoints.*.intake", RecoveryConfig.DEFAULT_INTAKE);
        defaults.put("hookguard.endpoints.*.stalled-after", RecoveryConfig.DEFAULT_STALLED_AFTER);
        defaults.put("hookguard.endpoints.*.queue-limit", RecoveryConfig.DEFAULT_QUEUE_LIMIT);
        defaults.put("hookguard.endpoints.*.backoff.base", Backoff.DEFAULT_BASE);
        defaults.put("hookguard.endpoints.*.backoff.cap", Backoff.DEFAULT_CAP);
        defaults.put("hookguard.endpoints.*.generic.prefix", GenericHmacConfig.DEFAULT_PREFIX);
        defaults.put("hookguard.endpoints.*.generic.encoding", GenericHmacConfig.DEFAULT_ENCODING);
        defaults.put("hookguard.endpoints.*.generic.algorithm", GenericHmacConfig.DEFAULT_ALGORITHM);
        defaults.put("hookguard.endpoints.*.generic.template", GenericHmacConfig.DEFAULT_TEMPLATE);
        defaults.put("hookguard.hardening.methods", Hardening.DEFAULT_METHODS);
        defaults.put("hookguard.hardening.min-body-rate", Hardening.DEFAULT_MIN_BODY_RATE);
        defaults.put("hookguard.hardening.body-grace", Hardening.DEFAULT_BODY_GRACE);
        defaults.put("hookguard.hardening.stored-header-deny-list", Hardening.DEFAULT_STORED_HEADER_DENY_LIST);
        defaults.put("hookguard.dispatcher.enabled", DispatcherConfig.DEFAULT_ENABLED);
        defaults.put("hookguard.dispatcher.workers", DispatcherConfig.DEFAULT_WORKERS);
        defaults.put("hookguard.dispatcher.max-in-flight", DispatcherConfig.DEFAULT_MAX_IN_FLIGHT);
        defaults.put("hookguard.dispatcher.batch-size", DispatcherConfig.DEFAULT_BATCH_SIZE);
        defaults.put("hookguard.dispatcher.window", DispatcherConfig.DEFAULT_WINDOW);
        defaults.put("hookguard.dispatcher.min-poll-interval", DispatcherConfig.DEFAULT_MIN_POLL_INTERVAL);
        defaults.put("hookguard.dispatcher.max-poll-interval", DispatcherConfig.DEFAULT_MAX_POLL_INTERVAL);
        defaults.put("hookguard.dispatcher.shutdown-grace", DispatcherConfig.DEFAULT_SHUTDOWN_GRACE);
        defaults.put("hookguard.dispatcher.request-timeout", DispatcherConfig.DEFAULT_REQUEST_TIMEOUT);
        defaults.put("hookguard.dispatcher.sweep-interval", DispatcherConfig.DEFAULT_SWEEP_INTERVAL);
        defaults.put("hookguard.dispatcher.dispatch-tolerance", DispatcherConfig.DEFAULT_DISPATCH_TOLERANCE);
        defaults.put("hookguard.archive.after", dev.hookguard.servlet.ArchiveConfig.DEFAULT_AFTER);
        defaults.put("hookguard.archive.interval", dev.hookguard.servlet.ArchiveConfig.DEFAULT_INTERVAL);
        defaults.put("hookguard.store.redis.key-prefix", RedisStoreConfig.DEFAULT_KEY_PREFIX);
        defaults.put("hookguard.store.redis.command-timeout", RedisStoreConfig.DEFAULT_COMMAND_TIMEOUT);
        defaults.put("hookguard.store.redis.connect-timeout", RedisStoreConfig.DEFAULT_CONNECT_TIMEOUT);
        defaults.put("hookguard.store.redis.accept-volatile-async", RedisStoreConfig.DEFAULT_ACCEPT_VOLATILE_ASYNC);
        defaults.put("hookguard.store.redis.slot-per-endpoint", RedisStoreConfig.DEFAULT_SLOT_PER_ENDPOINT);
        defaults.put("hookguard.store.redis.durability.replicas", RedisStoreConfig.DEFAULT_DURABILITY_REPLICAS);
        defaults.put("hookguard.store.redis.durability.timeout", RedisStoreConfig.DEFAULT_DURABILITY_TIMEOUT);
        defaults.put("hookguard.store.redis.durability.aof-fsync", RedisStoreConfig.DEFAULT_DURABILITY_AOF_FSYNC);
        defaults.put("hookguard.store.jdbc.table-name", JdbcStoreConfig.DEFAULT_TABLE_NAME);
        defaults.put("hookguard.store.jdbc.create-schema-if-missing", JdbcStoreConfig.DEFAULT_CREATE_SCHEMA_IF_MISSING);
        defaults.put("hookguard.store.jdbc.purge-batch-size", JdbcStoreConfig.DEFAULT_PURGE_BATCH_SIZE);
        defaults.put("hookguard.store.jdbc.purge-interval", ScheduledPurge.DEFAULT_INTERVAL);
        defaults.put("hookguard.store.jdbc.lock-wait", JdbcIdempotentExecutor.DEFAULT_LOCK_WAIT);
        defaults.put("hookguard.store.memory.purge-interval", ScheduledPurge.DEFAULT_INTERVAL);
        defaults.put("hookguard.store.tiered.key-prefix", TieredStoreConfig.DEFAULT_KEY_PREFIX);
        defaults.put("hookguard.store.tiered.command-timeout", TieredStoreConfig.DEFAULT_COMMAND_TIMEOUT);
        defaults.put("hookguard.store.tiered.connect-timeout", TieredStoreConfig.DEFAULT_CONNECT_TIMEOUT);
        defaults.put("hookguard.store.tiered.open-for", TieredStoreConfig.DEFAULT_OPEN_FOR);
        return defaults;
    }

    @Test
    void shouldShowEveryDefaultAsTheBuildersConstant() throws IOException {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Map<String, Object>> properties =
                JsonPath.read(metadata, "$.properties[?(@.name =~ /hookguard\\..*/ && @.defaultValue)]");
        Map<String, Object> expected = expected();
        Map<String, Object> shown = new TreeMap<>();
        for (Map<String, Object> property : properties) {
            String name = (String) property.get("name");
            if (expected.containsKey(name)) {
                shown.put(name, parse(property.get("defaultValue"), expected.get(name)));
            } else {
                shown.put(name, property.get("defaultValue"));
            }
        }

        assertThat(shown).isEqualTo(expected);
        assertThat(PublicUrl.parse("as-received"))
                .isEqualTo(SignatureConfig.of("0123456789abcdef").publicUrl());
    }

    @Test
    void shouldDescribeEverySettingInTheMetadata() throws IOException {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> undescribed =
                JsonPath.read(metadata, "$.properties[?(@.name =~ /hookguard\\..*/ && !@.description)].name");

        assertThat(undescribed).isEmpty();
    }

    /** The metadata's value as the type of the constant it shows. */
    private static Object parse(Object shown, Object constant) {
        String text = String.valueOf(shown);
        if (constant instanceof Duration) {
            return DurationStyle.detectAndParse(text);
        }
        if (constant instanceof DataSize) {
            return DataSize.parse(text);
        }
        if (constant instanceof Enum<?> e) {
            return Enum.valueOf(
                    e.getDeclaringClass(), text.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
        if (constant instanceof java.util.Set<?>) {
            return java.util.Set.copyOf((List<?>) shown);
        }
        if (constant instanceof Long) {
            return ((Number) shown).longValue();
        }
        return shown;
    }
}
