package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorAction;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * The audit view in headless Chromium at 1280 × 800 and 1920 × 1080: an operator resolves one record from its panel
 * and pauses the endpoint, another operator skipped a record; the audit trail lists all three newest first with who,
 * what, which record and why, narrows to one operator and to one action, opens a record from its line, and exports
 * the selected lines as JSON Lines.
 */
class ConsoleAuditIT {

    static final String ALICE = "alice-token-0123456789";
    static final String ENDPOINT = "pay";
    /** Realistic ids: 40 characters. */
    static final String RESOLVED = "evt_1QkZ3mLq8vR2sT4uW6xY9aBcDeFgHiJkLmNo";

    static final String SKIPPED = "evt_2RlA4nMr9wS3tU5vX7yZ0bCdEfGhIjKlMnOp";

    @TempDir
    Path profile;

    private final InMemoryStore store = new InMemoryStore();

    @RegisterExtension
    final Opened opened = new Opened();

    @Test
    void shouldListWhoDidWhatAcrossRecordsFilterItAndExportIt() throws Exception {
        ConsolePageIT.requireBrowser();
        Seeds seeds = new Seeds(store);
        seeds.dead(
                EventKey.of(ENDPOINT, RESOLVED), ErrorClass.SERVER_ERROR, "ledger answered 503", Seeds.payload("{}"));
        seeds.dead(EventKey.of(ENDPOINT, SKIPPED), ErrorClass.SCHEMA, "unknown event type", Seeds.payload("{}"));
        new OperatorActions(store, ConsoleConfig.DEFAULT_AUDIT_RETENTION)
                .skip(
                        EventKey.of(ENDPOINT, SKIPPED),
                        OperatorAction.by("bob", "test event"),
                        IdempotencyPolicy.ofDefaults());
        ConsoleServer server = opened.close(ConsoleServer.start(ConsoleConfig.custom(store)
                .endpoints(ENDPOINT)
                .authorizer(BearerTokenAuthorizer.parse("alice:write:" + ALICE))
                .build()));

        for (int[] size : List.of(new int[] {1280, 800}, new int[] {1920, 1080})) {
            ChromeDriver browser =
                    opened.quit(ConsolePageIT.chromium(profile.resolve(size[0] + "x" + size[1]), size[0], size[1]));
            ConsolePage page = new ConsolePage(browser);
            page.signIn(server, ALICE, "Signed in as alice");
            if (size[0] == 1280) {
                actAsAlice(page);
            }
            page.wait.until(d -> auditLines(page).size() == 3);

            assertThat(auditLines(page))
                    .containsExactly(
                            "alice pause endpoint pay INC-12: ledger down",
                            "alice resolve " + RESOLVED + " refunded by hand",
                            "bob skip " + SKIPPED + " test event");
            assertThat(browser.findElements(By.cssSelector("#audit-lines tbody td:first-child time")))
                    .allSatisfy(
                            time -> assertThat(time.getText()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d .+"));
            ((org.openqa.selenium.JavascriptExecutor) browser)
                    .executeScript("document.getElementById('audit').scrollIntoView()");
            page.screenshot("audit-" + size[0] + "x" + size[1] + ".png");
        }

        ChromeDriver browser = opened.quit(ConsolePageIT.chromium(profile.resolve("filters"), 1280, 800));
        ConsolePage page = new ConsolePage(browser);
        page.signIn(server, ALICE, "Signed in as alice");
        page.wait.until(d -> auditLines(page).size() == 3);

        WebElement actor = browser.findElement(By.id("a-actor"));
        actor.sendKeys("bob", Keys.ENTER);
        page.wait.until(d -> auditLines(page).equals(List.of("bob skip " + SKIPPED + " test event")));
        actor.clear();
        new Select(browser.findElement(By.id("a-action"))).selectByValue("resolve");
        page.click("#a-apply");
        page.wait.until(d -> auditLines(page).equals(List.of("alice resolve " + RESOLVED + " refunded by hand")));

        page.click("#audit-lines tbody button.link");
        page.wait.until(d -> page.text("#d-key").equals(ENDPOINT + ":" + RESOLVED));
        assertThat(page.field("Status")).isEqualTo("SUCCEEDED");

        HttpResponse<String> export =
                new ApiClient(server.console(), ALICE).get("api/audit/export?endpoint=" + ENDPOINT + "&actor=alice");
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/x-ndjson"));
        List<Map<String, Object>> lines =
                export.body().lines().map(TestJson::object).toList();
        assertThat(lines).extracting(line -> line.get("action")).containsExactly("pause", "resolve");
        assertThat(lines.get(1))
                .containsEntry("eventId", RESOLVED)
                .containsEntry("actor", "alice")
                .containsEntry("note", "refunded by hand")
                .containsEntry("endpoint", ENDPOINT);
        assertThat(lines.get(0)).containsEntry("eventId", null).containsEntry("note", "INC-12: ledger down");
    }

    /** Alice resolves one record from its panel and pauses the endpoint, as the page offers both. */
    private static void actAsAlice(ConsolePage page) {
        page.showEndpoint(ENDPOINT, RESOLVED);
        page.open(ENDPOINT, RESOLVED);
        page.browser.findElement(By.id("note")).sendKeys("refunded by hand");
        page.click("#actions button[data-action='resolve']");
        page.wait.until(d -> page.field("Status").equals("SUCCEEDED"));
        page.click("#d-close");
        page.wait.until(d -> !page.browser
                .findElements(By.cssSelector("#controls button[data-action='pause']"))
                .isEmpty());
        page.browser
                .findElement(By.cssSelector("#controls input[aria-label='Note for pay']"))
                .sendKeys("INC-12: ledger down");
        page.click("#controls button[data-action='pause']");
        page.wait.until(
                d -> page.text("#controls tbody tr[data-endpoint='pay']").contains("paused"));
        page.click("#a-apply");
    }

    /** The audit view's lines as "who action record note". */
    private static List<String> auditLines(ConsolePage page) {
        return page.browser.findElements(By.cssSelector("#audit-lines tbody tr")).stream()
                .map(row -> String.join(
                        " ",
                        row.findElement(By.cssSelector("td.actor")).getText(),
                        row.findElement(By.cssSelector("td.action")).getText(),
                        row.findElement(By.cssSelector("td.event-id")).getText(),
                        row.findElement(By.cssSelector("td.note")).getText()))
                .toList();
    }
}
