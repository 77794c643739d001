package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.Secrets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The configuration of a provider scheme's verifier (Standard Webhooks, Stripe, GitHub, Shopify, Slack).
 * Immutable; build with {@link #of(String...)} or {@link #custom()}.
 *
 * <p>Several secrets may be configured at once, so that a secret can be rotated without downtime: a delivery
 * is accepted when its signature matches under any of them. List the current secret first; signers and the
 * dead-letter replay use it. {@link #toString()} never shows the secrets.
 *
 * @param secrets the signing secrets or public keys, at least one, none empty; their format is the scheme's
 *     (Standard Webhooks: {@code whsec_} followed by base64, or bare base64, or a {@code whpk_} Ed25519 public
 *     key; SendGrid: the base64 ECDSA public key; the others: any string, used as its UTF-8 bytes), checked when
 *     the verifier is built
 * @param tolerance how far the signed timestamp may lie from the verifier's clock, in either direction, with
 *     the bounds included; ignored by the schemes that sign no timestamp. Zero means "the same second", not
 *     "no check" (Stripe's libraries read 0 as no check): every timestamped scheme is always checked
 * @param publicUrl how to find the URL the sender signed, for the schemes that sign it (Twilio, Square);
 *     ignored by the others
 */
public record SignatureConfig(List<String> secrets, Duration tolerance, PublicUrl publicUrl) {

    /** Default tolerance: 300 seconds, as Stripe, Slack and Standard Webhooks recommend. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    /** Validates and copies; a bad field is an {@link IllegalArgumentException} naming it. */
    public SignatureConfig {
        secrets = Secrets.requireValid(secrets);
        requireTolerance(tolerance);
        if (publicUrl == null) {
            throw new IllegalArgumentException("publicUrl must be set (PublicUrl.asReceived() for the default)");
        }
    }

    /** These secrets and tolerance, with the URL as received. */
    public SignatureConfig(List<String> secrets, Duration tolerance) {
        this(secrets, tolerance, PublicUrl.asReceived());
    }

    /** These secrets with the default tolerance. */
    public static SignatureConfig of(String... secrets) {
        return custom().secrets(secrets).build();
    }

    /** A builder that starts from the defaults; secrets must be set. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(SignatureConfig config) {
        return new Builder().secrets(config.secrets).tolerance(config.tolerance).publicUrl(config.publicUrl);
    }

    public static void requireTolerance(Duration tolerance) {
        if (tolerance == null || tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance must not be negative but was " + tolerance);
        }
    }

    @Override
    public String toString() {
        return "SignatureConfig[secrets=" + secrets.size() + " hidden, tolerance=" + tolerance + ", publicUrl="
                + publicUrl + "]";
    }

    /** Builds a {@link SignatureConfig}; names equal the record's components. */
    public static final class Builder {
        private List<String> secrets = new ArrayList<>();
        private Duration tolerance = DEFAULT_TOLERANCE;
        private PublicUrl publicUrl = PublicUrl.asReceived();

        private Builder() {}

        /** See {@link SignatureConfig#secrets()}. */
        public Builder secrets(List<String> secrets) {
            this.secrets = new ArrayList<>(secrets);
            return this;
        }

        /** See {@link SignatureConfig#secrets()}. */
        public Builder secrets(String... secrets) {
            return secrets(Arrays.asList(secrets));
        }

        /** See {@link SignatureConfig#tolerance()}. */
        public Builder tolerance(Duration tolerance) {
            this.tolerance = tolerance;
            return this;
        }

        /** See {@link SignatureConfig#publicUrl()}. */
        public Builder publicUrl(PublicUrl publicUrl) {
            this.publicUrl = publicUrl;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public SignatureConfig build() {
            return new SignatureConfig(secrets, tolerance, publicUrl);
        }
    }
}
