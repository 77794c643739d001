package dev.hookguard.core.signature;

import java.util.Optional;

/**
 * Checks that a delivery was signed by the sender with one of the configured secrets or keys. Implementations
 * are immutable and thread-safe, and never throw for any request: every bad request is a {@link
 * Verification.Rejected}. Get one for a scheme from {@link Verifiers}.
 *
 * <p>The HTTP layer calls {@link #verify(WebhookRequest)}, which sees the method, URL, headers and body. Schemes
 * that sign only headers and body implement {@link #verify(Headers, byte[])}, which the request form delegates
 * to; schemes that sign the URL (Twilio, Square) override the request form and reject the two-argument form,
 * which cannot know the URL.
 */
@FunctionalInterface
public interface SignatureVerifier {

    /**
     * Checks the signature of a delivery of which only the headers and the body are known.
     *
     * @param headers the request headers
     * @param body the raw body bytes exactly as received; never a re-serialised form
     * @return {@link Verification.Verified} or the reason for the rejection
     */
    Verification verify(Headers headers, byte[] body);

    /**
     * Checks the signature of a whole request. The default reads only its headers and body.
     *
     * @param request the request as received
     * @return {@link Verification.Verified} or the reason for the rejection
     */
    default Verification verify(WebhookRequest request) {
        return verify(request.headers(), request.body());
    }

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
