package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.RecoveryConfig;

/**
 * How a {@link Dispatcher}'s redelivery proves itself to the filter (DESIGN.md §8). Every dispatch carries a
 * {@value DispatchHeaders#DISPATCH} header, an HMAC-SHA256 with the dispatch key over the event key, a timestamp
 * and the body's SHA-256; the mode says whether the scheme's own signature is checked as well. Set per endpoint with
 * {@link RecoveryConfig#signing()} (init-param {@code <endpoint>.dispatch-signing}), or for every endpoint with
 * {@link DispatcherConfig#signing()}; unset, {@link #SCHEME} where the endpoint can sign as its sender, else {@link
 * #DISPATCH_KEY}.
 */
public enum DispatchSigning {
    /**
     * The dispatch is re-signed with the endpoint's current secret by its scheme's signer, and the filter verifies
     * it as it verifies the sender's deliveries; the default for symmetric schemes (HMAC or shared token).
     */
    SCHEME,
    /**
     * The dispatch header replaces the scheme's verification, for requests that carry a valid one only: the default
     * where the receiver holds only a public key (SendGrid, Standard Webhooks with a {@code whpk_} key), where the
     * scheme signs the public URL (Twilio, Square), and for endpoints with a custom verifier and no signer.
     */
    DISPATCH_KEY
}
