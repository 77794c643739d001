package dev.hookguard.core.signature;

import dev.hookguard.core.signature.internal.ForwardedHeaders;
import dev.hookguard.core.signature.internal.Secrets;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

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

    public sealed interface PublicUrl {

        /** The URL as the server received it. */
        static PublicUrl asReceived() {
            return AsReceived.INSTANCE;
        }

        /**
         * A public base URL: {@code http(s)://host[:port][/prefix]}, without query or fragment.
         *
         * @throws IllegalArgumentException naming the value when it is not such a URL
         */
        static PublicUrl base(String url) {
            return new Base(url);
        }

        /** Scheme, host and port from the proxy's {@code Forwarded} or {@code X-Forwarded-*} headers. */
        static PublicUrl forwarded() {
            return Forwarded.INSTANCE;
        }

        /** {@code as-received}, {@code forwarded}, or a base URL: the configuration-file form. */
        static PublicUrl parse(String value) {
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "as-received", "" -> asReceived();
                case "forwarded" -> forwarded();
                default -> base(value.strip());
            };
        }

        /** The URL the sender signed, or empty when the request does not carry its URL. */
        String resolve(WebhookRequest request);

        /** {@code scheme://host[:port]path[?query]}, the port left out when it is the scheme's default or unknown. */
        static String join(String scheme, String host, int port, String path, @Nullable String rawQuery) {
            StringBuilder url = new StringBuilder(scheme).append("://").append(host);
            if (port >= 0 && port != defaultPort(scheme)) {
                url.append(':').append(port);
            }
            url.append(path);
            if (rawQuery != null) {
                url.append('?').append(rawQuery);
            }
            return url.toString();
        }

        /** 443 for https, 80 for http, else -1. */
        static int defaultPort(String scheme) {
            return switch (scheme.toLowerCase(Locale.ROOT)) {
                case "https" -> 443;
                case "http" -> 80;
                default -> -1;
            };
        }

        /** See {@link #asReceived()}. */
        enum AsReceived implements PublicUrl {
            /** The one instance. */
            INSTANCE;

            @Override
            public String resolve(WebhookRequest request) {
                return request.receivedUrl();
            }

            @Override
            public String toString() {
                return "as-received";
            }
        }

        /** See {@link #forwarded()}. */
        enum Forwarded implements PublicUrl {
            /** The one instance. */
            INSTANCE;

            @Override
            public String resolve(WebhookRequest request) {
                return request.urlKnown() ? ForwardedHeaders.of(request).url() : "";
            }

            @Override
            public String toString() {
                return "forwarded";
            }
        }

        /**
         * See {@link #base(String)}.
         *
         * @param url the configured base URL
         */
        record Base(String url) implements PublicUrl {

            /** Checks the URL: http or https, a host, no query, no fragment; a trailing {@code /} is dropped. */
            public Base {
                URI uri;
                try {
                    uri = url == null ? null : new URI(url);
                } catch (URISyntaxException e) {
                    uri = null;
                }
                boolean valid = uri != null
                        && defaultPort(String.valueOf(uri.getScheme())) > 0
                        && uri.getHost() != null
                        && uri.getRawQuery() == null
                        && uri.getRawFragment() == null
                        && uri.getRawUserInfo() == null;
                if (!valid) {
                    throw new IllegalArgumentException(
                            "publicUrl must be an http(s)://host[:port][/prefix] URL without query but was '" + url
                                    + "'");
                }
                url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            }

            @Override
            public String resolve(WebhookRequest request) {
                if (request.path().isEmpty()) {
                    return "";
                }
                String query = request.rawQuery() == null ? "" : "?" + request.rawQuery();
                return url + request.path() + query;
            }

            @Override
            public String toString() {
                return url;
            }
        }
    }
}
