package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.GenericHmacConfig.SignatureEncoding;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.HeaderChecks;
import dev.hookguard.core.signature.internal.IdReader;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.SignedContentTemplate;
import dev.hookguard.core.signature.internal.SignedContentTemplate.Placeholder;
import dev.hookguard.core.signature.internal.Tolerance;
import java.time.Clock;
import java.util.Optional;

/**
 * Verifies a sender's own HMAC scheme as described by a {@link GenericHmacConfig}: the signature header's
 * values, after the prefix, are decoded and compared with the MAC of the rendered template under each
 * secret. When a timestamp header is configured it is required and checked against the tolerance; when the
 * template signs the id, the id is read from the configured source first.
 *
 * <p>A signature header value with another label than the configured prefix (for example {@code sha1=…} when
 * the prefix is {@code sha256=}) is {@link RejectionReason#UNSUPPORTED_VERSION}. A template that signs an id
 * read from the body, where the body holds none, is {@link RejectionReason#NO_MATCHING_SIGNATURE}.
 */
public final class GenericHmacVerifier implements SignatureVerifier {

    private final GenericHmacConfig config;
    private final SignedContentTemplate template;
    private final MacKeys keys;
    private final Tolerance tolerance;
    private final PrefixedSignatures signatures;

    /** A verifier with this configuration and clock. */
    public GenericHmacVerifier(GenericHmacConfig config, Clock clock) {
        this.config = config;
        this.template = SignedContentTemplate.parse(config.template());
        this.keys = new MacKeys(config.algorithm(), Secrets.utf8Keys(config.secrets()));
        this.tolerance = new Tolerance(config.tolerance(), clock);
        SignatureEncoding encoding = config.encoding();
        this.signatures = new PrefixedSignatures(config.signatureHeader(), config.prefix(), encoding::decode);
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        if (!headers.contains(config.signatureHeader())) {
            return Rejections.missing(config.signatureHeader());
        }
        Verification time = Verification.Verified.untimed();
        String timestamp = null;
        if (config.timestampHeader().isPresent()) {
            String header = config.timestampHeader().get();
            Rejected problem = Rejections.checkSingle(headers, header);
            if (problem != null) {
                return problem;
            }
            timestamp = Rejections.single(headers, header);
            time = tolerance.check(header, timestamp);
            if (time instanceof Rejected) {
                return time;
            }
        }
        String id = null;
        if (template.uses(Placeholder.ID)) {
            IdReader.Read read = IdReader.read(config.idSource().orElseThrow(), headers, body);
            if (!(read instanceof IdReader.Found found)) {
                return idRejection(read);
            }
            id = found.id();
        }
        return signatures.check(headers, keys, time, template.render(id, timestamp, body));
    }

    private Rejected idRejection(IdReader.Read read) {
        EventIdSource source = config.idSource().orElseThrow();
        String described = IdReader.describe(source);
        if (source instanceof EventIdSource.Header header) {
            return read instanceof IdReader.Unusable
                    ? Rejections.malformed(header.name(), "has several different values")
                    : Rejections.missing(header.name());
        }
        return new Rejected(
                RejectionReason.NO_MATCHING_SIGNATURE,
                "the signed content needs the event id from the " + described + ", which the body does not hold");
    }

    /** The signature header is present and, when configured, the timestamp lies within the tolerance. */
    @Override
    public Optional<Rejected> precheck(Headers headers) {
        Optional<Rejected> signature = HeaderChecks.present(headers, config.signatureHeader());
        return signature.isPresent() || config.timestampHeader().isEmpty()
                ? signature
                : HeaderChecks.timely(headers, config.timestampHeader().get(), tolerance);
    }
}
