package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.HeaderChecks;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import java.util.Optional;

/**
 * Verifies <a href="https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries">GitHub's</a>
 * scheme: {@code X-Hub-Signature-256: sha256=<hex>}, the HMAC-SHA256 of the body under the secret's UTF-8
 * bytes. A request that carries only the legacy SHA-1 {@code X-Hub-Signature} is {@link
 * RejectionReason#UNSUPPORTED_VERSION}.
 *
 * <p>GitHub signs neither a timestamp nor the delivery id ({@code X-GitHub-Delivery}): a captured delivery
 * stays valid forever and can be replayed under a fresh id. {@link EventIdConfig#forScheme} therefore adds
 * the body's SHA-256 as a second deduplication key for this scheme; see the module README.
 */
public final class GitHubVerifier implements SignatureVerifier {

    static final String HEADER = "X-Hub-Signature-256";
    static final String PREFIX = "sha256=";
    private static final String LEGACY_HEADER = "X-Hub-Signature";

    private final MacKeys keys;
    private final PrefixedSignatures signatures = new PrefixedSignatures(HEADER, PREFIX, Codecs::hex);

    /** A verifier with this configuration; its tolerance is not used, as GitHub signs no timestamp. */
    public GitHubVerifier(SignatureConfig config) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA256, Secrets.utf8Keys(config.secrets()));
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        if (!headers.contains(HEADER) && headers.contains(LEGACY_HEADER)) {
            return Rejections.unsupported(HEADER, "'sha256=' (only the SHA-1 " + LEGACY_HEADER + ")");
        }
        return signatures.check(headers, keys, Verification.Verified.untimed(), body);
    }

    /** The {@code X-Hub-Signature-256} header is present (a SHA-1-only delivery is refused by {@link #verify}). */
    @Override
    public Optional<Verification.Rejected> precheck(Headers headers) {
        return headers.contains(LEGACY_HEADER) ? Optional.empty() : HeaderChecks.present(headers, HEADER);
    }
}
