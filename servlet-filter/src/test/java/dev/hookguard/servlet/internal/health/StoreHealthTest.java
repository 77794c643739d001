package dev.hookguard.servlet.internal.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.memory.InMemoryStore;
import java.net.ConnectException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoreHealthTest {

    @Test
    void shouldBeUpWhileTheStoreAnswers() {
        assertThat(new StoreHealth(new InMemoryStore()).check())
                .isEqualTo(new StoreHealth.Result(true, Map.of("store", "memory")));
    }

    @Test
    void shouldBeDownWithTheErrorWhenTheStoreIsUnavailable() {
        StoreHealth.Result result = new StoreHealth(new Unreachable()).check();

        assertThat(result.up()).isFalse();
        assertThat(result.details())
                .containsEntry("store", Unreachable.class.getName())
                .containsEntry("error", "cannot reach the store");
    }

    /** A store whose backend cannot be reached. */
    private static final class Unreachable implements IdempotencyStore {
        private static StoreUnavailableException down() {
            return new StoreUnavailableException("cannot reach the store", new ConnectException("refused"));
        }

        @Override
        public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
            throw down();
        }

        @Override
        public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
            throw down();
        }

        @Override
        public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
            throw down();
        }

        @Override
        public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
            throw down();
        }

        @Override
        public Optional<EventRecord> find(EventKey key) {
            throw down();
        }
    }
}
