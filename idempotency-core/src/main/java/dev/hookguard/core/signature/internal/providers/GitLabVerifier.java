package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.Rejections;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * Verifies <a href="https://docs.gitlab.com/user/project/integrations/webhooks/#validate-requests-with-a-secret-token">GitLab's</a>
 * scheme: {@code X-Gitlab-Token} carries the configured secret token itself. It is compared with each secret in
 * constant time, as SHA-256 digests so that not even the length leaks. Nothing is signed: whoever learns the
 * token can send any body, and a captured delivery can be replayed under a fresh {@code X-Gitlab-Event-UUID}, so
 * {@link EventIdConfig#forScheme} adds the body-hash key.
 */
public final class GitLabVerifier implements SignatureVerifier {

    static final String HEADER = "X-Gitlab-Token";

    private final List<byte[]> digests;

    /** A verifier with this configuration; its tolerance is not used. */
    public GitLabVerifier(SignatureConfig config) {
        this.digests = config.secrets().stream().map(GitLabVerifier::sha256).toList();
    }

    @Override
    public Verification verify(Headers headers, byte[] body) {
        Verification.Rejected problem = Rejections.checkSingle(headers, HEADER);
        if (problem != null) {
            return problem;
        }
        byte[] token = sha256(Rejections.single(headers, HEADER));
        boolean matched = false;
        for (byte[] digest : digests) {
            matched |= MessageDigest.isEqual(digest, token);
        }
        return matched
                ? Verification.Verified.untimed()
                : new Verification.Rejected(
                        RejectionReason.NO_MATCHING_SIGNATURE, "the " + HEADER + " header does not match");
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
