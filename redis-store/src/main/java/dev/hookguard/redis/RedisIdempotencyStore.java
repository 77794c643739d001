package dev.hookguard.redis;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import dev.hookguard.redis.internal.RecordCodec;
import dev.hookguard.redis.internal.RecordMeta;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link RecoveryStore} on Redis (hot path, due queue, operator side): standalone, Sentinel or
 * Cluster, through one shared Lettuce connection. Get one from {@link RedisStores}; close it to close the
 * connection it owns. The module README describes the layout in full; in short:
 *
 * <ul>
 *   <li>{@code <prefix>:{<endpoint>:<eventId>}}: a hash per event (the braces are the cluster hash tag),
 *       expiring ({@code PEXPIRE}) after the longer of retention and lease while PROCESSING, the retention
 *       once SUCCEEDED, REJECTED or FAILED, the dead-letter retention once DEAD, and never before its due
 *       time plus its retention while due. Fields ({@link RecordCodec}): {@code m} the packed state in
 *       format 2 ({@link RecordMeta}: version, status, token as offset from created µs, attempts, created,
 *       updated, response status), {@code f} fingerprint, {@code l} lease end, {@code rc rb ro} response,
 *       {@code ph pb} payload, {@code e} last error or note, {@code x} error class code, {@code n} due time,
 *       {@code o} open-index mark, {@code h} operator history (JSON, newest 20).
 *   <li>{@code <prefix>:dlq:{<endpoint>}}: the dead-letter index, event ids scored by when they became dead
 *       letters ({@link DeadLetterIndex}).
 *   <li>{@code <prefix>:due:{<endpoint>}}: the due queue, event ids scored by due time ({@link DueIndex}).
 *   <li>{@code <prefix>:open:{<endpoint>}}: the open index, events that may be PROCESSING or FAILED,
 *       scored by a random mark ({@link OpenIndex}).
 *   <li>{@code <prefix>:ctl:{<endpoint>}}: the endpoint's controls (paused, last change), a hash that never
 *       expires ({@link RedisEndpointControls}).
 *   <li>{@code <prefix>:audit:{<endpoint>}}: the endpoint's audit trail, a stream with one entry per operator action
 *       that changed something (time, operator, action, note, event id, expiry), trimmed by each append to the
 *       retention it is given ({@link AuditStream}, {@link AuditTrail}).
 * </ul>
 *
 * <p>Every index entry is written before the record script that needs it and removed after, under a fence
 * (a change counter, or the score the record held), so a crash leaves an extra entry, never a missing one
 * ({@link IndexFirst}). Tokens start at the server's {@code TIME} in µs and every claim takes {@code
 * max(old + 1, now µs)}, so they never repeat for one key, even after the record expired.
 *
 * <p>Commands: {@code SCRIPT LOAD} of every script at start ({@code prelude.lua} is prepended to every
 * script on an event's hash); {@code EVALSHA} of one script per state change ({@code claim renew complete
 * fail enqueue take schedule replay requeue resolve}, each on the event's hash alone) and of the index
 * scripts ({@code dead-letter-add due-add due-pick due-stats index-prune index-remove}, each on one
 * index); {@code ZADD} of the open index before a claim or requeue; {@code SCRIPT LOAD} again and one
 * retry after {@code NOSCRIPT}; {@code HGETALL} for {@link #find}, a pick's records and a listing's page; {@code HMGET} of the small fields and {@code ZRANGEBYSCORE} for
 * listing and counting; {@code ZSCORE} for a change counter; {@code ZCOUNT} for {@link #deadLetterCount};
 * {@code TIME} for a listing; {@code XADD} for {@link #appendAudit} and {@code XREVRANGE} for {@link
 * #audit}. Never {@code KEYS}, {@code SCAN} or {@code MULTI}.
 *
 * <p>Round trips: renew, success and a sender-retried failure take one; a claim takes one on a single
 * server (open-index entry and claim sent together) and two on a cluster, plus one to leave the due queue
 * when it takes over a due record; a write that needs a dead-letter or due entry takes three (the script
 * asks, the entry, the script again).
 */
public final class RedisIdempotencyStore implements RecoveryStore, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisIdempotencyStore.class);

    /** The key {@link #warmUp()} looks for: no endpoint has this name. */
    private static final EventKey WARM_UP_KEY = EventKey.of("hookguard.warm-up", "none");

    private final RedisGateway redis;
    private final RedisHotPath hotPath;
    private final RedisDueQueue dueQueue;
    private final RedisOperatorStore operator;
    private final RedisStoreConfig config;
    private final ServerFacts facts;
    private final RedisEndpointControls controls;

    RedisIdempotencyStore(RedisGateway redis, RedisStoreConfig config) {
        this.redis = redis;
        this.config = config;
        RedisKeys keys = new RedisKeys(config);
        DeadLetterIndex deadLetters = new DeadLetterIndex(redis, keys);
        DueIndex due = new DueIndex(redis, keys);
        OpenIndex open = new OpenIndex(redis, keys);
        IndexFirst indexFirst = new IndexFirst(redis, keys, deadLetters, due);
        this.hotPath = new RedisHotPath(redis, keys, due, open, indexFirst);
        this.dueQueue = new RedisDueQueue(redis, keys, due, indexFirst);
        this.operator = new RedisOperatorStore(redis, keys, deadLetters, due, open, indexFirst);
        this.controls = new RedisEndpointControls(redis, keys);
        redis.loadScripts();
        this.facts = ServerFacts.read(redis);
        if (config.durabilityAofFsync() && !facts.hasWaitAof()) {
            throw new IllegalStateException("durabilityAofFsync needs WAITAOF (Redis 7.2 or later) but the server is"
                    + " Redis " + facts.version() + "; turn durabilityAofFsync off or upgrade Redis");
        }
        log.info("Hookguard Redis store on {}", facts.describe(config));
    }

    /**
     * How many writes fewer replicas acknowledged than the durability setting asks for ({@code WAIT}, {@code
     * WAITAOF}), since the store started. Each was answered as an unrecorded write ({@link
     * dev.hookguard.core.StoreUnavailableException}); always 0 with durability {@code none}.
     */
    public long durabilityShortfalls() {
        return redis.replicaWait().shortfalls();
    }

    /**
     * What the store runs on, read now ({@code INFO}): {@code topology}, {@code version}, {@code aof} (true/false),
     * {@code appendfsync} (when visible), {@code replicas} (connected; on a cluster, the fewest of any master) and the
     * store's {@code durability} setting. For health checks and consoles.
     *
     * @throws dev.hookguard.core.StoreUnavailableException when Redis does not answer
     */
    public Map<String, Object> serverFacts() {
        ServerFacts now = ServerFacts.read(redis);
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("topology", now.topology());
        shown.put("version", now.version());
        shown.put("aof", now.aof());
        if (now.appendfsync() != null) {
            shown.put("appendfsync", now.appendfsync());
        }
        shown.put("replicas", now.replicas());
        shown.put("durability", config.durability());
        shown.put("durabilityShortfalls", durabilityShortfalls());
        return shown;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return hotPath.claim(key, fingerprint, policy);
    }

    /** The claim script keeps the payload with a new record, or one taken over that keeps none, atomically. */
    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return hotPath.claim(key, fingerprint, payload, policy);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return hotPath.renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return hotPath.complete(key, token, completion, policy);
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return hotPath.fail(key, token, failure, policy);
    }

    /**
     * The connection is open and every script loaded once the store is created; the warm-up runs the read path once (a
     * find of a key that does not exist), so the first delivery does not pay for the client's first command.
     */
    @Override
    public void warmUp() {
        hotPath.find(WARM_UP_KEY);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return hotPath.find(key);
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return dueQueue.enqueue(key, fingerprint, payload, policy);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return dueQueue.pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return dueQueue.schedule(key, delay, policy);
    }

    @Override
    public int release(List<EventRecord> picked) {
        return dueQueue.release(picked);
    }

    @Override
    public QueueStats stats(String endpoint) {
        return dueQueue.stats(endpoint);
    }

    /**
     * Refuses async intake on a Redis that has neither an append-only file nor replicas to wait for on the endpoint
     * ({@link RedisStoreConfig#durabilityReplicas(String)}), unless {@link RedisStoreConfig#acceptVolatileAsync()}: a
     * restart of such a server loses events that were answered 202, and the sender never sends them again.
     */
    @Override
    public void requireDurableQueue(String endpoint) {
        if (!facts.aof() && config.durabilityReplicas(endpoint) == 0 && !config.acceptVolatileAsync()) {
            throw new IllegalStateException("Async intake of endpoint '" + endpoint + "' on Redis " + facts.version()
                    + " without an append-only file loses events answered 202 when Redis restarts: turn on appendonly"
                    + " yes, or set durabilityReplicas (hookguard.store.redis.durability.replicas, or"
                    + " hookguard.store.redis.durability.endpoints." + endpoint + ".replicas) to 1 or more, or accept"
                    + " the risk with acceptVolatileAsync (hookguard.store.redis.accept-volatile-async=true)");
        }
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return operator.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return operator.count(filter);
    }

    /** One {@code ZCOUNT} of the endpoint's dead-letter index: no record, no payload is read. */
    @Override
    public long deadLetterCount(String endpoint) {
        return operator.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operator.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operator.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operator.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operator.skip(key, action, policy);
    }

    /** One {@code XADD} to the endpoint's audit stream, which drops entries older than {@code keepFor} on the way. */
    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        operator.appendAudit(line, keepFor);
    }

    /**
     * {@code XREVRANGE} of the endpoint's audit stream, newest first, matched here; one read scans at most 10 000 entries
     * ({@link AuditTrail}), and a page that reached that bound may hold fewer lines than asked for, with a
     * cursor to go on from.
     */
    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        return operator.audit(query, cursor, limit);
    }

    /** {@code purge.lua} on the event's hash, then its index entries dropped ({@link RedisPurge}). */
    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        return operator.purge(key, updatedAt);
    }

    @Override
    public EndpointState pause(String endpoint, OperatorAction action) {
        return controls.change(endpoint, true, action, AuditEntry.PAUSE);
    }

    @Override
    public EndpointState resume(String endpoint, OperatorAction action) {
        return controls.change(endpoint, false, action, AuditEntry.RESUME);
    }

    @Override
    public EndpointState controls(String endpoint) {
        return controls.read(endpoint);
    }

    /** Closes the connection and client this store owns; a connection passed in by the caller stays open. */
    @Override
    public void close() {
        redis.close();
    }
}
