package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.testkit.Concurrently;
import dev.hookguard.testkit.StoreContractTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The store contract plus what only Redis needs: surviving a lost script cache, and exact counts under
 * heavy duplicate load. Each topology extends it and supplies one store for the whole class (tests use
 * endpoints of their own) and a way to flush the script cache of every node.
 */
abstract class RedisStoreContract extends StoreContractTest {

    private static final Fingerprint FINGERPRINT = Fingerprint.of("payload".getBytes(StandardCharsets.UTF_8));

    /** Runs {@code SCRIPT FLUSH} on every node the store uses. */
    protected abstract void flushScripts();

    @Test
    void shouldReloadScriptsAfterScriptFlushMidRun() {
        EventKey key = key("flushed");
        long token = ((ClaimOutcome.Acquired) store.claim(key, FINGERPRINT, POLICY)).token();

        flushScripts();

        assertThat(store.complete(key, token, Completion.succeeded(StoredResponse.empty(204)), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
        flushScripts();
        assertThat(store.claim(key, FINGERPRINT, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(204)));
    }

    @Test
    void shouldAcquireEachOfThousandKeysExactlyOnceFromSixtyFourThreadsWithFiveDuplicatesEach() throws Exception {
        int keys = 1_000;
        int duplicates = 5;

        List<Claimed> claims = Concurrently.run(64, keys * duplicates, i -> {
            EventKey key = key("k" + (i % keys));
            return new Claimed(key, store.claim(key, FINGERPRINT, POLICY));
        });

        List<Claimed> acquired = claims.stream()
                .filter(c -> c.outcome() instanceof ClaimOutcome.Acquired)
                .toList();
        assertThat(acquired).hasSize(keys);
        Map<EventKey, Long> perKey =
                acquired.stream().collect(Collectors.groupingBy(Claimed::key, Collectors.counting()));
        assertThat(perKey)
                .hasSize(keys)
                .allSatisfy((key, count) -> assertThat(count).isEqualTo(1L));
        assertThat(claims)
                .map(Claimed::outcome)
                .filteredOn(ClaimOutcome.InProgress.class::isInstance)
                .hasSize(keys * (duplicates - 1));
    }

    /** The store for a whole test class: created on first use by {@code open}, kept in {@code holder}. */
    protected static RecoveryStore shared(
            RedisIdempotencyStore[] holder, Function<RedisStoreConfig, RedisIdempotencyStore> open) {
        if (holder[0] == null) {
            holder[0] = open.apply(RedisTestStores.uniqueConfig());
        }
        return holder[0];
    }

    /** Closes the class's store, if one was opened. */
    protected static void close(RedisIdempotencyStore[] holder) {
        if (holder[0] != null) {
            holder[0].close();
            holder[0] = null;
        }
    }

    private record Claimed(EventKey key, ClaimOutcome outcome) {}
}
