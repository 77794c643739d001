package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.console.ConsolePage.Box;
import dev.hookguard.console.ConsolePageIT.CountingHandler;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * The page as the on-call engineer meets it, in headless Chromium at 1280 × 800 and 1920 × 1080: realistic 40-character
 * event ids and long Java messages, the record panel beside the list (never over it), one-line rows with times in
 * their zone, per-row selection, a reader's page without write controls, a replay's result shown without a reload,
 * and search by a JSON pointer into the payload. Screenshots of each state go to {@code target/screenshots/}.
 */
class ConsoleLayoutIT {

    static final String ID_STEM = "evt_1NqX8b2eZvKYlo2C0aLmNoPqRsTuVwXyZa";
    static final String JAVA_MESSAGE = "java.lang.IllegalStateException: ledger write failed for customer"
            + " cus_NffrFeUfNV2Hib after 3 attempts; caused by org.postgresql.util.PSQLException: ERROR: could not"
            + " serialize access due to concurrent update (SQLState 40001) at org.postgresql.core.v3"
            + ".QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)";

    static final String ERIN_TOKEN = "erin-token-0123456789ab";

    @TempDir
    Path profile;

    private final InMemoryStore store = new InMemoryStore();
    private final CountingHandler handler = new CountingHandler();

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;
    private ConsolePage page;

    /** A 40-character event id. */
    static String id(int n) {
        return ID_STEM + String.format("%02d", n);
    }

    @BeforeEach
    void start() throws Exception {
        ConsolePageIT.requireBrowser();
        assertThat(id(1)).hasSize(40);
        Seeds seeds = new Seeds(store);
        IntStream.rangeClosed(1, 6)
                .forEach(n -> seeds.deadAfter(
                        key(n),
                        JAVA_MESSAGE,
                        customer(n),
                        Seeds.thrown(
                                new IllegalStateException("ledger write failed for customer cus_000" + n),
                                new java.net.SocketTimeoutException("Read timed out")),
                        Seeds.thrown(
                                new IllegalStateException(JAVA_MESSAGE.substring(JAVA_MESSAGE.indexOf(':') + 2)),
                                new java.sql.SQLTransientException("could not serialize access"))));
        HookguardFilter hookguard = new HookguardFilter(HookguardFilterConfig.custom()
                .endpoint(EndpointConfig.custom("stripe")
                        .path(ConsoleServer.WEBHOOKS + "/stripe")
                        .scheme(Scheme.STRIPE, SignatureConfig.of(ConsolePageIT.STRIPE_SECRET))
                        .build())
                .store(store)
                .build());
        server = opened.close(ConsoleServer.start(
                ConsoleConfig.custom(store)
                        .endpoints("stripe")
                        .authorizer(BearerTokenAuthorizer.parse("alice:write+senior:"
                                + AbstractConsoleApiIT.WRITER_TOKEN
                                + ",bob:read:" + AbstractConsoleApiIT.READER_TOKEN
                                + ",erin:write:" + ERIN_TOKEN))
                        .action("skip", "senior", ConsoleConfig.TICKET_ID)
                        .replayListener(endpoint -> Dispatchers.of(hookguard).ifPresent(d -> d.wake(endpoint)))
                        .build(),
                hookguard,
                handler));
    }

    @ParameterizedTest(name = "{0} × {1}")
    @CsvSource({"1280, 800", "1920, 1080"})
    void shouldKeepTheListAndThePanelApartWithLongIdsAndJavaMessages(int width, int height) {
        signInAs(width, height, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");
        page.screenshot("list-" + width + "x" + height + ".png");
        page.open("stripe", id(3));

        Box list = page.box("#list");
        Box panel = page.box("#detail");
        assertThat(list.overlaps(panel))
                .as("list %s and panel %s overlap", list, panel)
                .isFalse();
        assertThat(list.right()).isLessThanOrEqualTo(panel.left());
        Box table = page.box("#records");
        assertThat(table.right()).as("the table fits its column").isLessThanOrEqualTo(list.right() + 0.5);
        for (WebElement cell : page.browser.findElements(By.cssSelector("#records tbody td"))) {
            assertThat(cell.getCssValue("overflow-x"))
                    .as("a cell never prints past its edge")
                    .isEqualTo("hidden");
        }
        Box row = page.box("#records tbody tr");
        assertThat(row.bottom() - row.top()).as("a row is one line").isLessThan(32);
        String changed = page.text("#records tbody tr td.changed");
        assertThat(changed).as("a time with its zone").matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\S+");
        assertThat(page.browser.executeScript("const c = document.querySelector('#records tbody td.changed');"
                        + " return c.scrollWidth <= c.clientWidth"))
                .as("the time is not cut")
                .isEqualTo(true);
        Box reason = page.box("#records tbody tr td.error");
        assertThat(reason.right() - reason.left()).as("the reason keeps room").isGreaterThan(120);
        assertThat(page.row(id(3)).findElement(By.cssSelector("td.event-id")).getAttribute("title"))
                .isEqualTo(id(3));
        assertThat(page.field("Reason")).isEqualTo(JAVA_MESSAGE);
        assertThat(page.browser.findElements(By.cssSelector("#attempts .exception")))
                .extracting(WebElement::getText)
                .as("newest first")
                .containsExactly(
                        "java.lang.IllegalStateException: " + JAVA_MESSAGE.substring(JAVA_MESSAGE.indexOf(':') + 2),
                        "java.lang.IllegalStateException: ledger write failed for customer cus_0003");
        assertThat(page.text("#attempts tr.attempt td:nth-child(2)")).isEqualTo("receiver retry");
        page.click("#attempts tr.trace summary");
        String trace = page.text("#attempts pre.stack-trace");
        assertThat(trace)
                .startsWith("java.lang.IllegalStateException")
                .contains("at dev.hookguard.console.ConsoleLayoutIT", "Caused by: java.sql.SQLTransientException");
        assertThat(page.box("#attempts pre.stack-trace").right()).isLessThanOrEqualTo(panel.right());
        assertThat(page.box("#attempts").right())
                .as("the attempts fit the panel")
                .isLessThanOrEqualTo(panel.right());
        page.browser.executeScript("document.querySelector('#attempts').scrollIntoView()");
        page.screenshot("record-" + width + "x" + height + ".png");
    }

    @Test
    void shouldActOnExactlyTheSelectedRecords() {
        signInAs(1280, 800, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");

        pick(id(2));
        pick(id(5));
        assertThat(page.text("#bulk-selected")).isEqualTo("Apply to 2 selected");
        new Select(page.browser.findElement(By.id("bulk-action"))).selectByValue("skip");
        page.browser.findElement(By.id("bulk-note")).sendKeys("duplicates");
        page.browser.findElement(By.id("bulk-ticket")).sendKeys("INC-42");
        page.screenshot("selection-1280x800.png");
        page.click("#bulk-selected");
        assertThat(page.confirm()).isEqualTo("skip 2 selected records of endpoint stripe?");
        page.waitForStatus("skip: 2 of 2 records changed.");
        page.wait.until(d -> page.rows().size() == 4);

        assertThat(page.rows()).containsExactly(id(1), id(3), id(4), id(6));
        for (int n = 1; n <= 6; n++) {
            EventRecord record = store.find(key(n)).orElseThrow();
            boolean picked = n == 2 || n == 5;
            assertThat(record.status()).as(id(n)).isEqualTo(picked ? RecordStatus.SUCCEEDED : RecordStatus.DEAD);
            assertThat(record.history())
                    .extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::note)
                    .as(id(n))
                    .isEqualTo(
                            picked
                                    ? List.of(org.assertj.core.groups.Tuple.tuple(
                                            "alice", "skip", "duplicates | ticket INC-42"))
                                    : List.of());
        }
        assertThat(page.text("#bulk-selected")).isEqualTo("Apply to 0 selected");
    }

    @Test
    void shouldShowAReaderNoWriteControl() {
        signInAs(1280, 800, "bob-token-0123456789ab", "Signed in as bob (read only)");
        page.open("stripe", id(1));

        assertThat(page.visibleWriteControls()).isEmpty();
        assertThat(page.browser.findElements(By.cssSelector("#records input[type=checkbox]")))
                .isEmpty();
        assertThat(page.field("Status")).isEqualTo("DEAD");
        page.screenshot("reader-1280x800.png");
    }

    @Test
    void shouldShowOnlyTheActionsTheRoleAllowsAndWhatEachNeeds() {
        signInAs(1280, 800, ERIN_TOKEN, "Signed in as erin");
        page.open("stripe", id(2));

        assertThat(page.browser.findElements(By.cssSelector("#actions button[data-action]")))
                .extracting(b -> b.getAttribute("data-action"))
                .containsExactly("replay", "requeue", "resolve");
        assertThat(new Select(page.browser.findElement(By.id("bulk-action"))).getOptions())
                .extracting(o -> o.getAttribute("value"))
                .containsExactly("replay", "requeue", "resolve");
        assertThat(page.text("#requirements")).isEqualTo("resolve needs reason.");
        page.screenshot("roles-erin-1280x800.png");
    }

    @Test
    void shouldShowAReplaysResultWithoutAReload() {
        signInAs(1920, 1080, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");
        page.open("stripe", id(4));
        page.browser.executeScript("window.notReloaded = true");

        page.click("#actions button[data-action=replay]");

        page.wait.until(d -> page.field("Status").equals("SUCCEEDED"));
        assertThat(page.browser.executeScript("return window.notReloaded === true"))
                .isEqualTo(true);
        assertThat(handler.runs(id(4))).isEqualTo(1);
        assertThat(store.find(key(4)).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
        page.wait.until(d -> !page.rows().contains(id(4)));
        page.screenshot("replayed-1920x1080.png");
    }

    @Test
    void shouldFindARecordByAJsonPointerIntoItsPayload() {
        signInAs(1280, 800, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");

        page.search("/data/object/customer = cus_0005");

        page.wait.until(d -> page.rows().equals(List.of(id(5))));
        assertThat(page.text("#count")).isEqualTo("(1)");
        page.search(id(2));
        page.wait.until(d -> page.rows().equals(List.of(id(2))));
        page.screenshot("search-1280x800.png");
    }

    private void signInAs(int width, int height, String token, String signedInAs) {
        browser = opened.quit(ConsolePageIT.chromium(profile, width, height));
        page = new ConsolePage(browser);
        page.signIn(server, token, signedInAs);
        page.wait.until(d -> page.rows().size() == 6);
    }

    private void pick(String eventId) {
        page.row(eventId).findElement(By.cssSelector("input.pick-one")).click();
    }

    private static EventKey key(int n) {
        return EventKey.of("stripe", id(n));
    }

    private static dev.hookguard.core.Payload customer(int n) {
        return Seeds.payload("{\"id\":\"" + id(n) + "\",\"data\":{\"object\":{\"customer\":\"cus_000" + n
                + "\",\"amount\":" + (1000 + n) + "}}}");
    }
}
