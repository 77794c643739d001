package dev.hookguard.core.signature;

/**
 * Checks that a delivery was signed by the sender with one of the configured secrets. Implementations are
 * immutable and thread-safe, and never throw for any headers or body: every bad request is a {@link
 * Verification.Rejected}. Get one for a scheme from {@link Verifiers}.
 */
@FunctionalInterface
public interface SignatureVerifier {

    /**
     * Checks the signature.
     *
     * @param headers the request headers
     * @param body the raw body bytes exactly as received; never a re-serialised form
     * @return {@link Verification.Verified} or the reason for the rejection
     */
    Verification verify(Headers headers, byte[] body);
}
