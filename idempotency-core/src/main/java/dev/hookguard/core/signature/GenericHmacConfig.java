package dev.hookguard.core.signature;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.SignedContentTemplate;
import dev.hookguard.core.signature.internal.SignedContentTemplate.Placeholder;
import dev.hookguard.core.signature.internal.providers.GenericHmacVerifier;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link GenericHmacVerifier}, for senders that sign with an HMAC in their own way.
 * Immutable; build with {@link #custom()}. {@link #toString()} never shows the secrets.
 *
 * <p>Example, for a sender that puts {@code sha256=<hex of HMAC(id.timestamp.body)>} in {@code X-Signature}:
 *
 * <pre>{@code
 * GenericHmacConfig.custom()
 *         .secrets("s3cr3t")
 *         .signatureHeader("X-Signature")
 *         .prefix("sha256=")
 *         .template("{id}.{timestamp}.{body}")
 *         .idSource(EventIdSource.header("X-Event-Id"))
 *         .timestampHeader("X-Timestamp")
 *         .build();
 * }</pre>
 *
 * @param secrets the signing secrets, at least one, none empty; the key is each one's UTF-8 bytes
 * @param signatureHeader the header that carries the signature; each of its values is one candidate
 * @param prefix text before the encoded signature in the header, such as {@code sha256=}; may be empty
 * @param encoding how the signature is encoded after the prefix
 * @param algorithm the MAC algorithm
 * @param template the signed content: literal text and {@value #ID}, {@value #TIMESTAMP} and {@value #BODY}
 *     ({@value #BODY} exactly once); the id and timestamp are inserted as their header's UTF-8 text
 * @param timestampHeader the header with the signed timestamp in whole seconds since the epoch; when set, the
 *     tolerance is checked, whether or not the template contains {@value #TIMESTAMP}
 * @param idSource where the event id comes from; required when the template contains {@value #ID}
 * @param tolerance how far the timestamp may lie from the clock, either way, bounds included
 */
public record GenericHmacConfig(
        List<String> secrets,
        String signatureHeader,
        String prefix,
        SignatureEncoding encoding,
        HmacAlgorithm algorithm,
        String template,
        Optional<String> timestampHeader,
        Optional<EventIdSource> idSource,
        Duration tolerance) {

    /** The id placeholder of the template. */
    public static final String ID = "{id}";
    /** The timestamp placeholder of the template. */
    public static final String TIMESTAMP = "{timestamp}";
    /** The body placeholder of the template. */
    public static final String BODY = "{body}";

    /** Default prefix: none. */
    public static final String DEFAULT_PREFIX = "";
    /** Default encoding: hex. */
    public static final SignatureEncoding DEFAULT_ENCODING = SignatureEncoding.HEX;
    /** Default algorithm: HMAC-SHA256. */
    public static final HmacAlgorithm DEFAULT_ALGORITHM = HmacAlgorithm.HMAC_SHA256;
    /** Default template: the body alone. */
    public static final String DEFAULT_TEMPLATE = BODY;
    /** Default tolerance: 300 seconds. */
    public static final Duration DEFAULT_TOLERANCE = SignatureConfig.DEFAULT_TOLERANCE;

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming it. */
    public GenericHmacConfig {
        secrets = Secrets.requireValid(secrets);
        Headers.requireName("signatureHeader", signatureHeader);
        requireNonNull("prefix", prefix);
        requireNonNull("encoding", encoding);
        requireNonNull("algorithm", algorithm);
        requireNonNull("timestampHeader", timestampHeader)
                .ifPresent(name -> Headers.requireName("timestampHeader", name));
        requireNonNull("idSource", idSource);
        SignatureConfig.requireTolerance(tolerance);
        SignedContentTemplate parsed = SignedContentTemplate.parse(requireNonNull("template", template));
        if (parsed.uses(Placeholder.TIMESTAMP) && timestampHeader.isEmpty()) {
            throw new IllegalArgumentException("template uses " + TIMESTAMP + " but timestampHeader is not set");
        }
        if (parsed.uses(Placeholder.ID) && idSource.isEmpty()) {
            throw new IllegalArgumentException("template uses " + ID + " but idSource is not set");
        }
    }

    /** A builder that starts from the defaults; secrets and signatureHeader must be set. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(GenericHmacConfig config) {
        return new Builder()
                .secrets(config.secrets)
                .signatureHeader(config.signatureHeader)
                .prefix(config.prefix)
                .encoding(config.encoding)
                .algorithm(config.algorithm)
                .template(config.template)
                .timestampHeader(config.timestampHeader.orElse(null))
                .idSource(config.idSource.orElse(null))
                .tolerance(config.tolerance);
    }

    @Override
    public String toString() {
        return "GenericHmacConfig[secrets=" + secrets.size() + " hidden, signatureHeader=" + signatureHeader
                + ", prefix=" + prefix + ", encoding=" + encoding + ", algorithm=" + algorithm + ", template="
                + template + ", timestampHeader=" + timestampHeader + ", idSource=" + idSource + ", tolerance="
                + tolerance + "]";
    }

    private static <T> T requireNonNull(String name, @Nullable T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** Builds a {@link GenericHmacConfig}; names equal the record's components. */
    public static final class Builder {
        private List<String> secrets = new ArrayList<>();
        private @Nullable String signatureHeader;
        private String prefix = DEFAULT_PREFIX;
        private SignatureEncoding encoding = DEFAULT_ENCODING;
        private HmacAlgorithm algorithm = DEFAULT_ALGORITHM;
        private String template = DEFAULT_TEMPLATE;
        private @Nullable String timestampHeader;
        private @Nullable EventIdSource idSource;
        private Duration tolerance = DEFAULT_TOLERANCE;

        private Builder() {}

        /** See {@link GenericHmacConfig#secrets()}. */
        public Builder secrets(List<String> secrets) {
            this.secrets = new ArrayList<>(secrets);
            return this;
        }

        /** See {@link GenericHmacConfig#secrets()}. */
        public Builder secrets(String... secrets) {
            return secrets(Arrays.asList(secrets));
        }

        /** See {@link GenericHmacConfig#signatureHeader()}. */
        public Builder signatureHeader(String signatureHeader) {
            this.signatureHeader = signatureHeader;
            return this;
        }

        /** See {@link GenericHmacConfig#prefix()}. */
        public Builder prefix(String prefix) {
            this.prefix = prefix;
            return this;
        }

        /** See {@link GenericHmacConfig#encoding()}. */
        public Builder encoding(SignatureEncoding encoding) {
            this.encoding = encoding;
            return this;
        }

        /** See {@link GenericHmacConfig#algorithm()}. */
        public Builder algorithm(HmacAlgorithm algorithm) {
            this.algorithm = algorithm;
            return this;
        }

        /** See {@link GenericHmacConfig#template()}. */
        public Builder template(String template) {
            this.template = template;
            return this;
        }

        /** See {@link GenericHmacConfig#timestampHeader()}; null for none. */
        public Builder timestampHeader(@Nullable String timestampHeader) {
            this.timestampHeader = timestampHeader;
            return this;
        }

        /** See {@link GenericHmacConfig#idSource()}; null for none. */
        public Builder idSource(@Nullable EventIdSource idSource) {
            this.idSource = idSource;
            return this;
        }

        /** See {@link GenericHmacConfig#tolerance()}. */
        public Builder tolerance(Duration tolerance) {
            this.tolerance = tolerance;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public GenericHmacConfig build() {
            return new GenericHmacConfig(
                    secrets,
                    requireNonNull("signatureHeader", signatureHeader),
                    prefix,
                    encoding,
                    algorithm,
                    template,
                    Optional.ofNullable(timestampHeader),
                    Optional.ofNullable(idSource),
                    tolerance);
        }
    }

    /** The MAC algorithms a scheme may use; every Java platform provides all three. */
    public enum HmacAlgorithm {
        /** HMAC with SHA-1: 20-byte signatures. Only for senders that still use it (Twilio, Intercom). */
        HMAC_SHA1("HmacSHA1"),
        /** HMAC with SHA-256: 32-byte signatures. Most provider schemes use it. */
        HMAC_SHA256("HmacSHA256"),
        /** HMAC with SHA-512: 64-byte signatures. */
        HMAC_SHA512("HmacSHA512");

        private final String jcaName;

        HmacAlgorithm(String jcaName) {
            this.jcaName = jcaName;
        }

        /** A {@link Mac} of this algorithm initialised with the key, to be cloned and never updated itself. */
        public Mac prepared(byte[] key) {
            try {
                Mac mac = Mac.getInstance(jcaName);
                mac.init(new SecretKeySpec(key, jcaName));
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(
                        "every Java platform has " + jcaName + " and accepts non-empty keys", e);
            }
        }

        /** The MAC of the concatenated parts under this key. */
        public byte[] mac(byte[] key, byte[]... parts) {
            try {
                Mac mac = Mac.getInstance(jcaName);
                mac.init(new SecretKeySpec(key, jcaName));
                for (byte[] part : parts) {
                    mac.update(part);
                }
                return mac.doFinal();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(
                        "every Java platform has " + jcaName + " and accepts non-empty keys", e);
            }
        }
    }

    /** How a signature is written into its header. */
    public enum SignatureEncoding {
        /** Lower-case hex digits; upper case is not accepted, so that a signature has one spelling. */
        HEX,
        /** Standard base64 (RFC 4648 §4), padded when signing; padding optional, unused bits zero when verifying. */
        BASE64;

        /** The signature's bytes, or null when the text is not of this encoding. */
        public byte @Nullable [] decode(String text) {
            return this == HEX ? Codecs.hex(text) : Codecs.base64(text);
        }

        /** The signature as text. */
        public String encode(byte[] signature) {
            return this == HEX ? Codecs.toHex(signature) : Codecs.toBase64(signature);
        }
    }
}
