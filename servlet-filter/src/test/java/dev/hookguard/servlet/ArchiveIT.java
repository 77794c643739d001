package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.internal.archive.ArchiveHold;
import dev.hookguard.servlet.internal.archive.Archiver;
import dev.hookguard.testkit.TestServices;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Archive before purge against real stores (in-memory, Redis, PostgreSQL), with the archiver's pass run directly: dead
 * letters older than {@code after} land in their hour files and the watermark moves; with archiving on the store keeps
 * them past the configured dead retention until the archiver has them on disk, then the archiver deletes them (a
 * REJECTED record too, held past its retention); a
 * directory that cannot be written deletes nothing; a record replayed after it was archived is kept.
 */
class ArchiveIT {

    private static final Duration AFTER = Duration.ofSeconds(1);
    private static final Duration DEAD_RETENTION = Duration.ofSeconds(2);
    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HOUR =
            DateTimeFormatter.ofPattern("HH").withZone(ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final List<AutoCloseable> closers = new ArrayList<>();
    private final String endpoint = "archive-" + UUID.randomUUID().toString().substring(0, 8);
    private String redisPrefix = "";

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable closer : closers) {
            closer.close();
        }
    }

    enum Kind {
        MEMORY,
        REDIS,
        POSTGRES
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldWriteDeadLettersOlderThanAfterToTheirHourFilesOnce(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        HookguardFilterConfig config = config(store, dir);
        List<EventRecord> dead = deadLetters(store, config, 3);
        awaitOlderThan(dead, AFTER);
        Archiver archiver = Archiver.of(config, Clock.systemUTC());

        assertThat(archiver.runOnce()).isTrue();

        Map<String, String> archived = readArchive(dir.resolve(endpoint));
        assertThat(archived)
                .containsOnlyKeys(dead.stream().map(r -> r.key().eventId()).toList());
        for (EventRecord record : dead) {
            assertThat(archived.get(record.key().eventId()))
                    .isEqualTo("body of " + record.key().eventId());
            assertThat(hourFile(record)).exists();
        }
        assertThat(Files.readAllLines(dir.resolve(endpoint).resolve(".archived-through"))
                        .get(0))
                .isEqualTo(dead.stream()
                        .map(EventRecord::updatedAt)
                        .max(Instant::compareTo)
                        .orElseThrow()
                        .toString());
        long size = totalSize(dir.resolve(endpoint));

        assertThat(archiver.runOnce()).isTrue();

        assertThat(totalSize(dir.resolve(endpoint))).isEqualTo(size);
        assertThat(readArchive(dir.resolve(endpoint))).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldHoldDeadLettersPastTheirRetentionUntilArchivedThenDeleteThem(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        HookguardFilterConfig config = config(store, dir);
        List<EventRecord> dead = deadLetters(store, config, 2);
        awaitOlderThan(dead, DEAD_RETENTION.plusMillis(500));

        storeExpiry(kind, store, dead.get(0).key());

        assertThat(dead).allSatisfy(r -> assertThat(store.find(r.key())).isPresent());
        assertThat(Archiver.of(config, Clock.systemUTC()).runOnce()).isTrue();
        assertThat(readArchive(dir.resolve(endpoint))).hasSize(2);
        assertThat(dead).allSatisfy(r -> assertThat(store.find(r.key())).isEmpty());
        assertThat(store.deadLetterCount(endpoint)).isZero();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldDeleteNothingWhenTheDirectoryCannotBeWritten(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        HookguardFilterConfig config = config(store, dir);
        List<EventRecord> dead = deadLetters(store, config, 2);
        awaitOlderThan(dead, DEAD_RETENTION.plusMillis(500));
        // a file where the hour files' day directory must go: cannot be written, whoever runs the test (root too)
        Path endpointDir = Files.createDirectories(dir.resolve(endpoint));
        Path blocker = Files.writeString(hourFile(dead.get(0)).getParent(), "not a directory");

        assertThat(Archiver.of(config, Clock.systemUTC()).runOnce()).isFalse();

        assertThat(dead).allSatisfy(r -> assertThat(store.find(r.key())).isPresent());
        assertThat(endpointDir.resolve(".archived-through")).doesNotExist();
        Files.delete(blocker);
        assertThat(Archiver.of(config, Clock.systemUTC()).runOnce()).isTrue();
        assertThat(dead).allSatisfy(r -> assertThat(store.find(r.key())).isEmpty());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldKeepARecordReplayedAfterItWasArchived(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        HookguardFilterConfig config = config(store, dir);
        List<EventRecord> dead = deadLetters(store, config, 2);
        awaitOlderThan(dead, AFTER);
        // archived, not yet past the dead retention: kept
        Archiver archiver = Archiver.of(config, Clock.systemUTC());
        assertThat(archiver.runOnce()).isTrue();
        EventRecord replayed = dead.get(0);
        assertThat(store.replay(replayed.key(), OperatorAction.by("ops"), policy()))
                .isEqualTo(AdminOutcome.UPDATED);
        awaitOlderThan(dead, DEAD_RETENTION.plusMillis(500));

        assertThat(archiver.runOnce()).isTrue();

        assertThat(store.find(replayed.key()))
                .get()
                .extracting(EventRecord::status)
                .isEqualTo(RecordStatus.QUEUED);
        assertThat(store.find(dead.get(1).key())).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldHoldRejectedRecordsPastTheirRetentionUntilArchivedThenDeleteThem(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        HookguardFilterConfig config = config(store, dir);
        RecoveryStore held = (RecoveryStore) ArchiveHold.held(config).store(); // the store the filter writes through
        IdempotencyPolicy brief = IdempotencyPolicy.from(policy())
                .retention(Duration.ofMillis(500))
                .build();
        EventKey key = EventKey.of(endpoint, "rejected-0");
        byte[] body = "body of rejected-0".getBytes(StandardCharsets.UTF_8);
        Payload payload = new Payload(body, Map.of("content-type", List.of("application/json")));
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) held.claim(key, Fingerprint.of(body), payload, brief);
        held.complete(key, acquired.token(), Completion.rejected(StoredResponse.empty(422), payload), brief);
        EventRecord rejected = store.find(key).orElseThrow();
        assertThat(rejected.status()).isEqualTo(RecordStatus.REJECTED);
        awaitOlderThan(List.of(rejected), DEAD_RETENTION.plusMillis(500)); // past its retention and the dead one

        storeExpiry(kind, store, key);

        assertThat(store.find(key)).as("held past its retention until archived").isPresent();
        assertThat(Archiver.of(config, Clock.systemUTC()).runOnce()).isTrue();
        assertThat(readArchive(dir.resolve(endpoint))).containsOnlyKeys("rejected-0");
        assertThat(store.find(key)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"MEMORY"})
    void shouldRefuseBadSettingsNamingThem(Kind kind) throws IOException {
        RecoveryStore store = open(kind);
        Path file = Files.writeString(dir.resolve("a-file"), "x");

        assertThatThrownBy(() -> config(store, file.resolve("below")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("archive.directory cannot be created");
        assertThatThrownBy(() -> HookguardFilterConfig.from(config(store, dir))
                        .archive(ArchiveConfig.custom()
                                .directory(dir)
                                .after(DEAD_RETENTION)
                                .build())
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("archive.after must be shorter than the dead retention");
        HookguardSettings settings = new HookguardSettings();
        settings.getArchive().setAfter(Duration.ZERO);
        assertThatThrownBy(() -> settings.filterConfig(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("archive.after must be positive");
        settings.getArchive().setAfter(null);
        settings.getArchive().setInterval(Duration.ofMillis(10));
        assertThatThrownBy(() -> settings.filterConfig("hookguard."))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("hookguard.archive.interval must be at least 1 s");
    }

    private RecoveryStore open(Kind kind) {
        switch (kind) {
            case MEMORY -> {
                return new InMemoryStore();
            }
            case REDIS -> {
                redisPrefix = "hg-archive-" + UUID.randomUUID().toString().substring(0, 8);
                RedisIdempotencyStore redis = RedisStores.fromUri(
                        TestServices.redisUri(),
                        RedisStoreConfig.custom()
                                .keyPrefix(redisPrefix)
                                .acceptVolatileAsync(true)
                                .build());
                closers.add(redis);
                return redis;
            }
            default -> {
                RecoveryStores.Opened opened = RecoveryStores.POSTGRES.open();
                closers.add(opened);
                return opened.store();
            }
        }
    }

    /** The store's own expiry, which must keep the held dead letters: purge, or for Redis the hash's TTL. */
    private void storeExpiry(Kind kind, RecoveryStore store, EventKey key) {
        switch (kind) {
            case MEMORY -> ((InMemoryStore) store).purgeExpired();
            case POSTGRES -> ((JdbcIdempotencyStore) store).purgeExpired();
            case REDIS -> {
                RedisClient client = RedisClient.create(TestServices.redisUri());
                try (StatefulRedisConnection<String, String> connection = client.connect()) {
                    long ttl = connection.sync().pttl(redisPrefix + ":{" + key.asString() + "}");
                    assertThat(Duration.ofMillis(ttl))
                            .isGreaterThan(ArchiveHold.HOLD.minusDays(1))
                            .isLessThanOrEqualTo(ArchiveHold.HOLD);
                } finally {
                    client.shutdown();
                }
            }
        }
    }

    private IdempotencyPolicy policy() {
        return IdempotencyPolicy.custom()
                .deadRetention(DEAD_RETENTION)
                .maxAttempts(1)
                .build();
    }

    private HookguardFilterConfig config(RecoveryStore store, Path directory) {
        return HookguardFilterConfig.custom()
                .endpoint(EndpointConfig.custom(endpoint)
                        .path("/" + endpoint)
                        .verifier((headers, body) -> {
                            throw new UnsupportedOperationException("never called");
                        })
                        .eventIds(dev.hookguard.core.signature.EventIdConfig.forScheme(
                                dev.hookguard.core.signature.Scheme.GITHUB))
                        .policy(policy())
                        .build())
                .store(store)
                .metrics(DeliveryMetrics.none())
                .archive(
                        ArchiveConfig.custom().directory(directory).after(AFTER).build())
                .build();
    }

    /** Dead letters written as the filter would: with the held policy the store is given. */
    private List<EventRecord> deadLetters(RecoveryStore store, HookguardFilterConfig config, int count) {
        IdempotencyPolicy held = ArchiveHold.held(config).endpoints().get(0).policy();
        assertThat(held.deadRetention()).isEqualTo(ArchiveHold.HOLD);
        List<EventRecord> dead = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            EventKey key = EventKey.of(endpoint, "evt-" + i);
            byte[] body = ("body of " + key.eventId()).getBytes(StandardCharsets.UTF_8);
            Payload payload = new Payload(body, Map.of("content-type", List.of("application/json")));
            ClaimOutcome.Acquired acquired =
                    (ClaimOutcome.Acquired) store.claim(key, Fingerprint.of(body), payload, held);
            store.fail(key, acquired.token(), new Failure(payload, "boom", ErrorClass.EXCEPTION, null), held);
            EventRecord record = store.find(key).orElseThrow();
            assertThat(record.status()).isEqualTo(RecordStatus.DEAD);
            dead.add(record);
        }
        return dead;
    }

    private static void awaitOlderThan(List<EventRecord> records, Duration age) {
        Instant newest = records.stream()
                .map(EventRecord::updatedAt)
                .max(Instant::compareTo)
                .orElseThrow();
        await().atMost(age.plusSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Instant.now().isAfter(newest.plus(age)));
    }

    private Path hourFile(EventRecord record) {
        return dir.resolve(endpoint)
                .resolve(DAY.format(record.updatedAt()))
                .resolve(HOUR.format(record.updatedAt()) + ".jsonl.gz");
    }

    private static long totalSize(Path root) throws IOException {
        try (var files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".gz"))
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }

    /** Event id to payload body of every line of every hour file under {@code root}. */
    private static Map<String, String> readArchive(Path root) throws IOException {
        Map<String, String> bodies = new LinkedHashMap<>();
        List<Path> files;
        try (var walk = Files.walk(root)) {
            files = walk.filter(f -> f.toString().endsWith(".jsonl.gz")).toList();
        }
        for (Path file : files) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank()) {
                        String previous = bodies.put(field(line, "eventId"), field(line, "body"));
                        assertThat(previous).as("each record once").isNull();
                    }
                }
            }
        }
        return bodies;
    }

    private static String field(String line, String name) throws IOException {
        try (JsonParser json = new JsonFactory().createParser(line)) {
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME
                        && json.currentName().equals(name)) {
                    json.nextToken();
                    return json.getText();
                }
            }
        }
        throw new AssertionError(name + " missing in " + line);
    }
}
