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
import dev.hookguard.testkit.StoreContractTest;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The store contract plus what only Redis needs: surviving a lost script cache (the exact counts under
 * heavy duplicate load, once here, are the testkit's fuzzer now). Each topology extends it and supplies one store for the whole class (tests use
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
}
