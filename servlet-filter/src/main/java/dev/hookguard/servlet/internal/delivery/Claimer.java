package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.Attempts;
import dev.hookguard.core.internal.executor.Start;
import dev.hookguard.core.signature.EventIdExtractor;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.internal.ConfiguredEventIdExtractor;
import dev.hookguard.servlet.EndpointConfig;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Step 4 of DESIGN.md §1: the claim. For schemes that do not sign the event id (GitHub, Shopify) the body
 * is first bound to the id, so that a captured delivery replayed under a fresh id cannot run the handler
 * again:
 *
 * <ol>
 *   <li>claim the body key ({@code endpoint:sha256(body)}) with the fingerprint of the event id. A mismatch
 *       means the body is already bound to another id: the delivery is answered as a {@link
 *       ClaimOutcome.Mismatch} (422) and nothing is written. Acquired, the binding is completed at once as a
 *       SUCCEEDED marker (empty 200), kept as long as any record of the endpoint. Anything else is the same
 *       id again and goes on.
 *   <li>claim the event key ({@code endpoint:eventId}) with the fingerprint of the body, through the
 *       executor, which renews the lease while the handler runs.
 * </ol>
 *
 * Markers never fail or die, so they never appear among the dead letters, and an operator's requeue of the
 * event works unchanged: its redelivery carries the same id.
 */
public final class Claimer {

    private static final StoredResponse MARKER = StoredResponse.empty(200);

    private final Attempts attempts;

    Claimer(Attempts attempts) {
        this.attempts = attempts;
    }

    /**
     * Claims the delivery; with {@code keepPayload} the event's claim stores the payload with it (endpoints whose
     * sender does not redeliver).
     *
     * @throws dev.hookguard.core.StoreUnavailableException when the store cannot be reached
     */
    Start begin(
            EventIdResult.Found found,
            byte[] body,
            Supplier<Payload> payload,
            EndpointConfig endpoint,
            boolean keepPayload,
            Attempt.Source source) {
        IdempotencyPolicy policy = endpoint.policy();
        Optional<EventKey> bodyKey = found.bodyKey();
        if (bodyKey.isPresent() && !bind(bodyKey.get(), found.key(), policy)) {
            return new Start.Refused(new ClaimOutcome.Mismatch());
        }
        return attempts.begin(
                found.key(), fingerprint(endpoint.eventIds(), found, body), payload, policy, keepPayload, source);
    }

    /**
     * The body's fingerprint, its SHA-256. Where the endpoint's extractor hashed the body already (the body key of a
     * scheme that does not sign the id, or the body-hash fallback id) that hash is the fingerprint: one pass over the
     * body, not two.
     */
    static Fingerprint fingerprint(EventIdExtractor extractor, EventIdResult.Found found, byte[] body) {
        return ConfiguredEventIdExtractor.bodyHash(extractor, found)
                .map(Fingerprint::new)
                .orElseGet(() -> Fingerprint.of(body));
    }

    /**
     * Binds the body to the event id where the scheme does not sign the id (step 1 above); false when the body is
     * already bound to another id.
     */
    boolean bound(EventIdResult.Found found, IdempotencyPolicy policy) {
        Optional<EventKey> bodyKey = found.bodyKey();
        return bodyKey.isEmpty() || bind(bodyKey.get(), found.key(), policy);
    }

    /** Binds the body to the event id; false when it is already bound to another id. */
    private boolean bind(EventKey bodyKey, EventKey key, IdempotencyPolicy policy) {
        IdempotencyStore store = attempts.store();
        Fingerprint id = Fingerprint.of(key.eventId().getBytes(StandardCharsets.US_ASCII));
        ClaimOutcome outcome = store.claim(bodyKey, id, policy);
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            store.complete(bodyKey, acquired.token(), Completion.succeeded(MARKER), policy);
        }
        return !(outcome instanceof ClaimOutcome.Mismatch);
    }
}
