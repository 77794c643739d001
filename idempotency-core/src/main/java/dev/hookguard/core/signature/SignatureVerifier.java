package dev.hookguard.core.signature;

import java.util.Optional;

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

    /**
     * The rejection this scheme can tell from the headers alone, before the body is read: a signature header
     * missing, a signed timestamp outside the tolerance. Empty when the headers may carry a valid signature;
     * {@link #verify} still decides. The filter calls it first, so that a request that cannot pass never
     * holds a thread while its body arrives. The default checks nothing.
     *
     * @param headers the request headers
     * @return the rejection, or empty
     */
    default Optional<Verification.Rejected> precheck(Headers headers) {
        return Optional.empty();
    }
}
