package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.servlet.Hardening;
import dev.hookguard.servlet.internal.body.BoundedBody;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The cheap checks of DESIGN.md §1, rule 7, made before a byte of the body is read: the method, then the
 * scheme's signature headers and timestamp window ({@link
 * dev.hookguard.core.signature.SignatureVerifier#precheck}). The declared length is checked by {@link
 * BoundedBody} before it reads. A refused request is answered at once and its connection closed (HTTP/1.x), so
 * a slow or forged body cannot hold a request thread.
 */
public final class PreBody {

    private PreBody() {}

    /**
     * Answers and returns true when the request is refused on its method or headers; returns false, having
     * written nothing, when the body should be read.
     */
    public static boolean refused(Delivery delivery, Headers headers) throws IOException {
        return refused(delivery, headers, true);
    }

    /**
     * As {@link #refused(Delivery, Headers)}; without {@code checkSignature}, the method only (a dispatch signed
     * with the dispatch key, whose stored signature headers are not checked).
     */
    public static boolean refused(Delivery delivery, Headers headers, boolean checkSignature) throws IOException {
        HttpServletRequest request = delivery.request();
        HttpServletResponse response = delivery.response();
        Hardening hardening = delivery.guard().config().hardening();
        if (!hardening.methods().contains(request.getMethod())) {
            String allowed = String.join(", ", new TreeSet<>(hardening.methods()));
            closing(request, Answers.methodNotAllowed(allowed)).writeTo(response);
            response.setHeader("Allow", allowed);
            response.flushBuffer();
            return true;
        }
        Optional<Verification.Rejected> rejected =
                checkSignature ? delivery.endpoint().verifier().precheck(headers) : Optional.empty();
        if (rejected.isPresent()) {
            Reply reply = delivery.answers().rejected(delivery.endpoint(), rejected.get());
            closing(request, reply).writeTo(response);
            response.flushBuffer(); // sent before the container, closing, drains or drops the unread body
            return true;
        }
        return false;
    }

    private static Reply closing(HttpServletRequest request, Reply reply) {
        return request.getProtocol().startsWith("HTTP/1") ? reply.closingConnection() : reply;
    }
}
