package dev.hookguard.core;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A delivery as it arrived: the raw body and the headers needed to understand or redeliver it. Stores keep
 * it with FAILED, DEAD and REJECTED records so that operators can inspect and replay dead letters.
 *
 * @param body the raw request body, any bytes
 * @param headers header names (as received) to their values, in order
 */
public record Payload(byte[] body, Map<String, List<String>> headers) {

    /** Copies body and headers so the payload is immutable. */
    public Payload {
        body = body.clone();
        Map<String, List<String>> copy = new LinkedHashMap<>();
        headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
        headers = Collections.unmodifiableMap(copy);
    }

    /** A payload of these bytes with no headers. */
    public static Payload of(byte[] body) {
        return new Payload(body, Map.of());
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Payload other && Arrays.equals(body, other.body) && headers.equals(other.headers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(body), headers);
    }

    @Override
    public String toString() {
        return "Payload[body=" + body.length + " bytes, headers=" + headers.keySet() + "]";
    }
}
