package dev.hookguard.core.signature.internal.providers;

import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.Verification.RejectionReason;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashSet;
import java.util.List;

/** What the URL-signing schemes share: the rejection of an unknown URL, and the port variants of a URL. */
public final class UrlSigned {

    private UrlSigned() {}

    static Rejected unknownUrl(String header) {
        return new Rejected(
                RejectionReason.NO_MATCHING_SIGNATURE,
                header + " signs the request URL, which is unknown here: verify the whole WebhookRequest");
    }

    /**
     * The URL without its port and with the scheme's default port, the other forms a sender may have signed; the
     * URL itself is left out.
     */
    static List<String> portVariants(String url) {
        LinkedHashSet<String> variants = new LinkedHashSet<>();
        try {
            URI uri = new URI(url);
            String tail = url.substring(
                    url.indexOf(uri.getRawAuthority()) + uri.getRawAuthority().length());
            String prefix = uri.getScheme() + "://" + uri.getHost();
            variants.add(prefix + tail);
            variants.add(prefix + ":" + PublicUrl.defaultPort(uri.getScheme()) + tail);
        } catch (URISyntaxException | RuntimeException e) {
            // an unparsable URL is only tried as given
        }
        variants.remove(url);
        return List.copyOf(variants);
    }
}
