package dev.hookguard.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.WebhookSigner;
import java.net.URLDecoder;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.TreeMap;

/** The signed requests and verifiers of the schemes added in issue 17, built once for {@link SignatureBenchmark}. */
final class SchemeFixtures {

    private static final String SECRET = SignatureBenchmark.SECRET;
    private static final String BASE = "https://hooks.example.com";

    final SignatureVerifier twilio;
    final WebhookRequest twilioRequest;
    final byte[] twilioUrl;
    final byte[] twilioParameters;
    final WebhookRequest twilioSmsRequest;
    final byte[] twilioSmsParameters;
    final SignatureVerifier paddle;
    final Headers paddleHeaders;
    final byte[] paddleHead;
    final SignatureVerifier square;
    final WebhookRequest squareRequest;
    final byte[] squareUrl;
    final SignatureVerifier v1a;
    final Headers v1aHeaders;
    final byte[] v1aHead;
    final byte[] v1aSignature;
    final PublicKey edKey;
    final SignatureVerifier sendGrid;
    final Headers sendGridHeaders;
    final byte[] sendGridHead;
    final byte[] sendGridSignature;
    final PublicKey ecKey;

    SchemeFixtures(byte[] body, Instant at) {
        Clock clock = Clock.fixed(at, ZoneOffset.UTC);
        String seconds = Long.toString(at.getEpochSecond());
        SignatureConfig behindProxy = SignatureConfig.custom()
                .secrets(SECRET)
                .publicUrl(PublicUrl.base(BASE))
                .build();

        byte[] form = form(body.length);
        String twilioFullUrl = BASE + "/hooks/twilio?account=1";
        twilio = Verifiers.of(Scheme.TWILIO, behindProxy, clock);
        twilioRequest = twilioRequest(twilioFullUrl, form, at);
        twilioUrl = twilioFullUrl.getBytes(UTF_8);
        twilioParameters = sorted(form);
        byte[] sms = smsForm(body.length);
        twilioSmsRequest = twilioRequest(twilioFullUrl, sms, at);
        twilioSmsParameters = sorted(sms);

        paddle = Verifiers.of(Scheme.PADDLE, SignatureConfig.of(SECRET), clock);
        paddleHeaders = WebhookSigner.of(Scheme.PADDLE, SECRET).sign("id", at, body);
        paddleHead = (seconds + ":").getBytes(UTF_8);

        String squareFullUrl = BASE + "/hooks/square";
        square = Verifiers.of(Scheme.SQUARE, behindProxy, clock);
        Headers squareSigned =
                WebhookSigner.forUrl(Scheme.SQUARE, SECRET, squareFullUrl).sign("id", at, body);
        squareRequest = new WebhookRequest("POST", "http", "10.0.0.7", 8080, "/hooks/square", null, squareSigned, body);
        squareUrl = squareFullUrl.getBytes(UTF_8);

        KeyPair ed = generate("Ed25519", null);
        edKey = ed.getPublic();
        String seed = "whsk_" + base64(tail(ed.getPrivate().getEncoded()));
        v1a = Verifiers.of(
                Scheme.STANDARD_WEBHOOKS, SignatureConfig.of("whpk_" + base64(tail(edKey.getEncoded()))), clock);
        v1aHeaders = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, seed).sign("msg_bench", at, body);
        v1aHead = ("msg_bench." + seconds + ".").getBytes(UTF_8);
        v1aSignature = Base64.getDecoder()
                .decode(v1aHeaders.first("webhook-signature").orElseThrow().substring("v1a,".length()));

        KeyPair ec = generate("EC", new ECGenParameterSpec("secp256r1"));
        ecKey = ec.getPublic();
        sendGrid = Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(base64(ecKey.getEncoded())), clock);
        sendGridHeaders = WebhookSigner.of(
                        Scheme.SENDGRID, base64(ec.getPrivate().getEncoded()))
                .sign("id", at, body);
        sendGridHead = seconds.getBytes(UTF_8);
        sendGridSignature = Base64.getDecoder()
                .decode(sendGridHeaders
                        .first("X-Twilio-Email-Event-Webhook-Signature")
                        .orElseThrow());
    }

    /** A form signed for Twilio's URL, received behind the proxy as {@code http://10.0.0.7:8080}. */
    private static WebhookRequest twilioRequest(String url, byte[] form, Instant at) {
        Headers signed = WebhookSigner.forUrl(Scheme.TWILIO, SECRET, url).sign("id", at, form);
        return new WebhookRequest(
                "POST",
                "http",
                "10.0.0.7",
                8080,
                "/hooks/twilio",
                "account=1",
                signed.with(Headers.of("Content-Type", "application/x-www-form-urlencoded")),
                form);
    }

    /**
     * Twilio's incoming-SMS webhook as it arrives (its parameter names, in its order, not sorted), with a long
     * message and two media URLs, padded to exactly {@code size} bytes by the message: phone numbers with {@code
     * %2B}, spaces as {@code +} in the text, an escaped punctuation mark every sentence or so.
     */
    static byte[] smsForm(int size) {
        String head = "ToCountry=US&ToState=CA&SmsMessageSid=SM5f9a1c2b3d4e5f60718293a4b5c6d7e8&NumMedia=2"
                + "&ToCity=SAN+FRANCISCO&FromZip=94105&SmsSid=SM5f9a1c2b3d4e5f60718293a4b5c6d7e8&FromState=CA"
                + "&SmsStatus=received&FromCity=SAN+FRANCISCO"
                + "&MediaContentType0=image%2Fjpeg"
                + "&MediaUrl0=https%3A%2F%2Fapi.twilio.com%2F2010-04-01%2FAccounts%2FAC0123456789abcdef0123456789abcdef"
                + "%2FMessages%2FMM5f9a1c2b3d4e5f60718293a4b5c6d7e8%2FMedia%2FME0123456789abcdef0123456789abcdef"
                + "&MediaContentType1=image%2Fpng"
                + "&MediaUrl1=https%3A%2F%2Fapi.twilio.com%2F2010-04-01%2FAccounts%2FAC0123456789abcdef0123456789abcdef"
                + "%2FMessages%2FMM5f9a1c2b3d4e5f60718293a4b5c6d7e8%2FMedia%2FME9876543210fedcba9876543210fedcba"
                + "&Body=";
        String tail = "&FromCountry=US&To=%2B14155550100&MessagingServiceSid=MG0123456789abcdef0123456789abcdef"
                + "&ToZip=94107&NumSegments=11&ReferralNumMedia=0&MessageSid=SM5f9a1c2b3d4e5f60718293a4b5c6d7e8"
                + "&AccountSid=AC0123456789abcdef0123456789abcdef&From=%2B14155550123&ApiVersion=2010-04-01";
        String text = "Hi+there%2C+this+is+Alex+from+the+front+desk.+Your+order+%2312345+is+ready+for+pickup"
                + "+today+between+9+and+5%21+Can+you+confirm+the+time+that+works+for+you%3F+Thanks+and"
                + "+have+a+great+day.+";
        StringBuilder message = new StringBuilder();
        while (message.length() < size) {
            message.append(text);
        }
        int room = size - head.length() - tail.length();
        int cut = room;
        while (message.charAt(cut - 1) == '%' || message.charAt(cut - 2) == '%') { // never end mid-escape
            cut--;
        }
        String form = head + message.substring(0, cut) + "x".repeat(room - cut) + tail;
        return form.getBytes(UTF_8);
    }

    /** A Twilio-like form of about {@code size} bytes, dense with escapes: twenty parameters. */
    private static byte[] form(int size) {
        StringBuilder form = new StringBuilder();
        int each = size / 20 - 12;
        for (int i = 0; i < 20; i++) {
            form.append(i == 0 ? "" : "&")
                    .append("Param")
                    .append((char) ('A' + (i * 7) % 20))
                    .append(i)
                    .append('=');
            form.append("v%2B".repeat(each / 4));
        }
        return form.toString().getBytes(UTF_8);
    }

    /** Twilio's signed suffix of the form, computed independently of Hookguard. */
    private static byte[] sorted(byte[] form) {
        TreeMap<String, String> parameters = new TreeMap<>();
        for (String pair : new String(form, UTF_8).split("&")) {
            int equals = pair.indexOf('=');
            parameters.put(
                    URLDecoder.decode(pair.substring(0, equals), UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), UTF_8));
        }
        StringBuilder signed = new StringBuilder();
        parameters.forEach((name, value) -> signed.append(name).append(value));
        return signed.toString().getBytes(UTF_8);
    }

    private static KeyPair generate(String algorithm, ECGenParameterSpec spec) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            if (spec != null) {
                generator.initialize(spec);
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] tail(byte[] encoded) {
        return Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
