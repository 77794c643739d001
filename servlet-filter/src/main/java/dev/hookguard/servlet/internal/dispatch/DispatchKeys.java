package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.EventKey;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The dispatch keys of one filter: signs the {@value DispatchHeaders#DISPATCH} header of its dispatches with the
 * first key and checks a received one against every key, in constant time, within the tolerance. Without configured
 * keys, one random key per JVM.
 */
public final class DispatchKeys {

    /** A checked dispatch header: valid, or refused for a one-sentence reason. */
    public sealed interface Check {
        /** The header is authentic and fresh. */
        record Valid() implements Check {}

        /**
         * The header is malformed, forged or stale.
         *
         * @param reason why, in one sentence fit for a 401 body
         */
        record Invalid(String reason) implements Check {}
    }

    private static final String ALGORITHM = "HmacSHA256";
    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] RANDOM_KEY = randomKey();

    private final List<byte[]> keys;
    private final Duration tolerance;

    public DispatchKeys(List<String> configured, Duration tolerance) {
        List<byte[]> decoded = new ArrayList<>();
        configured.forEach(key -> decoded.add(key.getBytes(StandardCharsets.UTF_8)));
        this.keys = decoded.isEmpty() ? List.of(RANDOM_KEY) : List.copyOf(decoded);
        this.tolerance = tolerance;
    }

    /** The header value for a dispatch of this event with this body, signed now. */
    public String sign(EventKey key, byte[] body, Instant now) {
        long seconds = now.getEpochSecond();
        return "t=" + seconds + ",v1=" + HEX.formatHex(mac(keys.get(0), key, seconds, body));
    }

    /** Checks a received header for this event and body at {@code now}. */
    public Check check(String header, EventKey key, byte[] body, Instant now) {
        long seconds;
        byte[] signature;
        try {
            String[] parts = header.trim().split(",", 2);
            if (parts.length != 2 || !parts[0].startsWith("t=") || !parts[1].startsWith("v1=")) {
                return new Check.Invalid("The " + DispatchHeaders.DISPATCH + " header is malformed");
            }
            seconds = Long.parseLong(parts[0].substring(2));
            signature = HEX.parseHex(parts[1].substring(3));
        } catch (IllegalArgumentException e) {
            return new Check.Invalid("The " + DispatchHeaders.DISPATCH + " header is malformed");
        }
        if (Math.abs(now.getEpochSecond() - seconds) > tolerance.toSeconds()) {
            return new Check.Invalid("The " + DispatchHeaders.DISPATCH + " header is outside the time tolerance");
        }
        boolean matched = false;
        for (byte[] candidate : keys) {
            matched |= MessageDigest.isEqual(mac(candidate, key, seconds, body), signature);
        }
        return matched
                ? new Check.Valid()
                : new Check.Invalid("The " + DispatchHeaders.DISPATCH + " header does not match");
    }

    private static byte[] mac(byte[] secret, EventKey key, long seconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            byte[] bodyHash = MessageDigest.getInstance("SHA-256").digest(body);
            String signed = "v1\n" + key.asString() + "\n" + seconds + "\n" + HEX.formatHex(bodyHash);
            return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }
}
