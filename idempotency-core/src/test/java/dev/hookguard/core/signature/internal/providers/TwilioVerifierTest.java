package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.Fixtures.reasonOf;
import static dev.hookguard.core.signature.Fixtures.utf8;
import static dev.hookguard.core.signature.Verification.RejectionReason.MALFORMED_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.MISSING_HEADER;
import static dev.hookguard.core.signature.Verification.RejectionReason.NO_MATCHING_SIGNATURE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Fixtures;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.WebhookSigner;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TwilioVerifierTest {

    // Published vectors: twilio/twilio-java, src/test/java/com/twilio/security/RequestValidatorTest.java
    // (testValidate, testValidateWithBody, testValidateRemovesPortHttps, testValidateAddsPortHttps): auth token
    // "12345", the URL below, five form parameters; checked independently with
    // `printf '<url><sorted name+value>' | openssl dgst -sha1 -hmac 12345 -binary | base64`.
    private static final String TOKEN = "12345";
    private static final String FORM =
            "Digits=1234&CallSid=CA1234567890ABCDE&To=%2B18005551212&Caller=%2B14158675309&From=%2B14158675309";
    private static final String SIGNATURE = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
    private static final String JSON = "{\"property\": \"value\", \"boolean\": true}";
    private static final String BODY_HASH = "0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620";
    private static final String JSON_SIGNATURE = "a9nBmqA0ju/hNViExpshrM61xv4=";
    private static final String PORT_443_SIGNATURE = "kvajT1Ptam85bY51eRf/AJRuM3w=";
    // twilio-valid-duplicate-params: a parameter sent three times, twice with one value. Twilio's libraries sign each
    // distinct value once (twilio-python RequestValidator.compute_signature: `for value in sorted(set(values))`;
    // twilio-node: `Array.from(new Set(paramValue)).sort()`). Derived as twilio-python does, with python3:
    //   s = "https://mycompany.com/myapp.php?foo=1&bar=2"
    //   for name in sorted(set(params)): for value in sorted(set(params[name])): s += name + value
    //   base64.b64encode(hmac.new(b"12345", s.encode("utf-8"), hashlib.sha1).digest())
    // with params = {"Digits": ["5678", "1234", "1234"]}, and checked with
    // `printf '%s' 'https://mycompany.com/myapp.php?foo=1&bar=2Digits1234Digits5678' | openssl dgst -sha1 -hmac 12345
    // -binary | base64`.
    private static final String DUPLICATE_PARAMS = "Digits=5678&Digits=1234&Digits=1234";
    private static final String DUPLICATE_PARAMS_SIGNATURE = "IxqFQB+c6a+WNfS9fMJF2EQKjRY=";

    private final SignatureVerifier verifier = Verifiers.of(Scheme.TWILIO, SignatureConfig.of(TOKEN));

    @Test
    void shouldAcceptThePublishedFormVector() {
        assertThat(verifier.verify(form("mycompany.com", -1, SIGNATURE, FORM)).isVerified())
                .isTrue();
    }

    @Test
    void shouldAcceptAParameterRepeatedWithOneValueAsTwiliosLibrariesSignIt() {
        assertThat(verifier.verify(form("mycompany.com", -1, DUPLICATE_PARAMS_SIGNATURE, DUPLICATE_PARAMS))
                        .isVerified())
                .isTrue();
        assertThat(reasonOf(verifier.verify(
                        form("mycompany.com", -1, DUPLICATE_PARAMS_SIGNATURE, "Digits=5678&Digits=1234"))))
                .as("the same distinct values")
                .isNull();
        assertThat(reasonOf(verifier.verify(
                        form("mycompany.com", -1, DUPLICATE_PARAMS_SIGNATURE, DUPLICATE_PARAMS + "&Digits=9"))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        String signed = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, "https://mycompany.com/myapp.php?foo=1&bar=2")
                .sign("id", Instant.EPOCH, utf8(DUPLICATE_PARAMS))
                .first(TwilioVerifier.HEADER)
                .orElseThrow();
        assertThat(signed).isEqualTo(DUPLICATE_PARAMS_SIGNATURE); // the dispatcher re-signs as Twilio does
    }

    @Test
    void shouldAcceptThePublishedJsonVectorWithBodySha256() {
        WebhookRequest request = request(
                "mycompany.com", -1, "foo=1&bar=2&bodySHA256=" + BODY_HASH, "application/json", JSON_SIGNATURE, JSON);

        assertThat(verifier.verify(request).isVerified()).isTrue();
    }

    @Test
    void shouldTryTheUrlWithoutAndWithItsPortAsTwilioDoes() {
        assertThat(verifier.verify(form("mycompany.com", 1234, SIGNATURE, FORM)).isVerified())
                .isTrue();
        assertThat(verifier.verify(form("mycompany.com", -1, PORT_443_SIGNATURE, FORM))
                        .isVerified())
                .isTrue();
    }

    @Test
    void shouldRejectATamperedFormOrJsonBody() {
        assertThat(reasonOf(verifier.verify(form("mycompany.com", -1, SIGNATURE, FORM.replace("1234", "1235")))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        WebhookRequest json = request(
                "mycompany.com", -1, "foo=1&bar=2&bodySHA256=" + BODY_HASH, "application/json", JSON_SIGNATURE, "{}");
        assertThat(reasonOf(verifier.verify(json))).isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldRejectAnotherHostOrAWrongToken() {
        assertThat(reasonOf(verifier.verify(form("evil.example", -1, SIGNATURE, FORM))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
        SignatureVerifier wrong = Verifiers.of(Scheme.TWILIO, SignatureConfig.of("54321"));
        assertThat(reasonOf(wrong.verify(form("mycompany.com", -1, SIGNATURE, FORM))))
                .isEqualTo(NO_MATCHING_SIGNATURE);
    }

    @Test
    void shouldAcceptTheSecondaryTokenWhileRotating() {
        SignatureVerifier rotating = Verifiers.of(Scheme.TWILIO, SignatureConfig.of("new-primary", TOKEN));

        assertThat(rotating.verify(form("mycompany.com", -1, SIGNATURE, FORM)).isVerified())
                .isTrue();
    }

    @Test
    void shouldRejectAMissingOrMalformedHeader() {
        WebhookRequest none = request("mycompany.com", -1, "foo=1&bar=2", "text/plain", null, "");
        assertThat(reasonOf(verifier.verify(none))).isEqualTo(MISSING_HEADER);
        assertThat(reasonOf(verifier.verify(form("mycompany.com", -1, "not base64!", FORM))))
                .isEqualTo(MALFORMED_HEADER);
    }

    @Test
    void shouldRejectWhenOnlyHeadersAndBodyAreKnown() {
        Verification verification = verifier.verify(Headers.of(TwilioVerifier.HEADER, SIGNATURE), utf8(FORM));

        assertThat(reasonOf(verification)).isEqualTo(NO_MATCHING_SIGNATURE);
        assertThat(Fixtures.messageOf(verification)).contains("URL");
    }

    @Test
    void shouldVerifyBehindAProxyWithAConfiguredBaseUrl() {
        SignatureVerifier behindProxy = Verifiers.of(
                Scheme.TWILIO,
                SignatureConfig.custom()
                        .secrets(TOKEN)
                        .publicUrl(PublicUrl.base("https://mycompany.com"))
                        .build());
        WebhookRequest received = new WebhookRequest(
                "POST", "http", "10.0.0.7", 8080, "/myapp.php", "foo=1&bar=2", formHeaders(SIGNATURE), utf8(FORM));

        assertThat(behindProxy.verify(received).isVerified()).isTrue();
        assertThat(verifier.verify(received).isVerified()).isFalse();
    }

    @Test
    void shouldSignAsItVerifies() {
        String url = "https://hooks.example.com/twilio?x=1";
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, url).sign("id-1", Instant.EPOCH, utf8(FORM));

        assertThat(signed.first(TwilioVerifier.HEADER)).isPresent();
        WebhookRequest request = new WebhookRequest(
                "POST",
                "https",
                "hooks.example.com",
                -1,
                "/twilio",
                "x=1",
                formHeaders(signed.first(TwilioVerifier.HEADER).orElseThrow()),
                utf8(FORM));
        assertThat(verifier.verify(request).isVerified()).isTrue();
    }

    @Test
    void shouldVerifyOneFormAfterAnotherOnOneThreadWhateverTheirSizes() {
        String url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        String large = "Body=" + "a%2B+".repeat(20_000) + "&From=%2B14158675309"; // over the 64 KiB kept per thread
        String small = "B=2&A=1";

        for (String body : new String[] {FORM, large, small, large, FORM}) {
            String signature = WebhookSigner.forUrl(Scheme.TWILIO, TOKEN, url)
                    .sign("id", Instant.EPOCH, utf8(body))
                    .first(TwilioVerifier.HEADER)
                    .orElseThrow();
            assertThat(verifier.verify(form("mycompany.com", -1, signature, body))
                            .isVerified())
                    .as(body.length() + " bytes")
                    .isTrue();
            assertThat(reasonOf(verifier.verify(form("mycompany.com", -1, signature, body + "&C=3"))))
                    .isEqualTo(NO_MATCHING_SIGNATURE);
        }
    }

    private static WebhookRequest form(String host, int port, String signature, String body) {
        return request(host, port, "foo=1&bar=2", "application/x-www-form-urlencoded", signature, body);
    }

    private static WebhookRequest request(
            String host, int port, String query, String contentType, String signature, String body) {
        Headers.Builder headers = Headers.builder().add("Content-Type", contentType);
        if (signature != null) {
            headers.add(TwilioVerifier.HEADER, signature);
        }
        return new WebhookRequest("POST", "https", host, port, "/myapp.php", query, headers.build(), utf8(body));
    }

    private static Headers formHeaders(String signature) {
        return Headers.of(
                "Content-Type", "application/x-www-form-urlencoded; charset=UTF-8", TwilioVerifier.HEADER, signature);
    }
}
