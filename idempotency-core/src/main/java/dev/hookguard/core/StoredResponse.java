package dev.hookguard.core;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The handler's response as recorded for replay to duplicates.
 *
 * @param status the HTTP status
 * @param contentType the {@code Content-Type}, or null when the handler set none
 * @param body the body bytes; empty when {@code bodyOmitted}
 * @param bodyOmitted true when the body was larger than the policy's cap and so was not stored
 */
public record StoredResponse(int status, @Nullable String contentType, byte[] body, boolean bodyOmitted) {

    /** Validates the status (100..599) and copies the body. */
    public StoredResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be an HTTP status 100..599 but was " + status);
        }
        body = body.clone();
        if (bodyOmitted && body.length > 0) {
            throw new IllegalArgumentException("an omitted body must be empty but had " + body.length + " bytes");
        }
    }

    /** A response whose body is stored whole. */
    public static StoredResponse of(int status, @Nullable String contentType, byte[] body) {
        return new StoredResponse(status, contentType, body, false);
    }

    /** A response with no body and no content type. */
    public static StoredResponse empty(int status) {
        return new StoredResponse(status, null, new byte[0], false);
    }

    /** This response, without its body if the body is longer than {@code cap} bytes. */
    public StoredResponse capped(int cap) {
        return body.length <= cap ? this : new StoredResponse(status, contentType, new byte[0], true);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StoredResponse other
                && status == other.status
                && bodyOmitted == other.bodyOmitted
                && Objects.equals(contentType, other.contentType)
                && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, contentType, bodyOmitted, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "StoredResponse[status=" + status + ", contentType=" + contentType + ", body=" + body.length + " bytes"
                + (bodyOmitted ? " (omitted)" : "") + "]";
    }
}
