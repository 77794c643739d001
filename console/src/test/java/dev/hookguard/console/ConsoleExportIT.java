package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.console.internal.Export;
import dev.hookguard.core.ErrorClass;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The export of a filter as JSON Lines, with the header deny list applied, on each store. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.hookguard.console.StoreKind#tested")
class ConsoleExportIT extends AbstractConsoleApiIT {

    @Test
    void shouldExportEveryRecordOfTheFilterAsOneJsonObjectPerLine() {
        for (int i = 0; i < Export.PAGE + 5; i++) {
            seeds.dead(pay(String.format("x-%04d", i)), ErrorClass.TIMEOUT, "timed out");
        }
        seedMixed();
        json(writer.post("api/actions/requeue", Map.of("endpoint", pay, "id", "x-0003", "note", "retry")), 200);

        HttpResponse<String> export =
                writer.get("api/export?endpoint=" + pay + "&listing=dead,failed&errorClass=timeout");

        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));
        List<Map<String, Object>> lines =
                export.body().lines().map(TestJson::object).toList();
        assertThat(lines).hasSize(Export.PAGE + 6);
        assertThat(lines).extracting(l -> l.get("errorClass")).containsOnly("timeout");
        Map<String, Object> requeued = lines.stream()
                .filter(l -> "x-0003".equals(l.get("eventId")))
                .findFirst()
                .orElseThrow();
        assertThat(requeued).containsEntry("status", "FAILED");
        assertThat(TestJson.objects(requeued.get("history")))
                .singleElement()
                .satisfies(e -> assertThat(e).containsEntry("actor", "alice").containsEntry("note", "retry"));
        assertThat(TestJson.object(TestJson.object(requeued.get("payload")).get("headers")))
                .containsEntry("Stripe-Signature", List.of("[redacted]"));
        assertThat(export.body()).doesNotContain("live-key-do-not-show").doesNotContain("0123456789abcdef");
    }

    @Test
    void shouldExportNothingForAFilterThatSelectsNothing() {
        seedMixed();

        HttpResponse<String> export = writer.get("api/export?endpoint=" + pay + "&errorClass=rate_limited");

        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.body()).isEmpty();
    }
}
