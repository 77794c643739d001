package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by Selenium,
 * the console served by Jetty over an in-memory store with seeded dead letters, beside the Hookguard filter and a
 * handler for the {@code stripe} endpoint, whose dispatcher carries out the page's replays. Every assertion is on what the
 * page shows, checked against the store where the page claims a change.
 */
class ConsolePageIT {

    static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    static final String CHROMIUM = "/usr/bin/chromium";
    static final String XSS_ID = "<img/src=x/onerror=window.pwned=1>";

    @TempDir
    Path profile;

    static final String STRIPE_SECRET = "whsec_console_page_it_stripe_secret";

    private final InMemoryStore store = new InMemoryStore();
    private final CountingHandler handler = new CountingHandler();

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;
    private WebDriverWait wait;

    @BeforeEach
    void start() throws Exception {
        requireBrowser();
        Seeds seeds = new Seeds(store);
        seeds.dead(EventKey.of("stripe", "evt_timeout_1"), ErrorClass.TIMEOUT, "read timed out after 10s");
        seeds.dead(EventKey.of("stripe", "evt_timeout_2"), ErrorClass.TIMEOUT, "read timed out after 10s");
        seeds.dead(EventKey.of("stripe", "evt_timeout_3"), ErrorClass.TIMEOUT, "ledger timed out");
        seeds.dead(EventKey.of("stripe", "evt_network_1"), ErrorClass.NETWORK, "Connection reset by peer");
        seeds.dead(EventKey.of("stripe", XSS_ID), ErrorClass.EXCEPTION, "<script>window.pwned=2</script>");
        seeds.rejected(EventKey.of("stripe", "evt_schema_1"), ErrorClass.SCHEMA, "amount is missing");
        seeds.dead(EventKey.of("github", "gh_delivery_1"), ErrorClass.SERVER_ERROR, "HTTP 502 from CI");
        HookguardFilter hookguard = new HookguardFilter(HookguardFilterConfig.custom()
                .endpoint(EndpointConfig.custom("stripe")
                        .path(ConsoleServer.WEBHOOKS + "/stripe")
                        .scheme(Scheme.STRIPE, SignatureConfig.of(STRIPE_SECRET))
                        .build())
                .store(store)
                .build());
        server = opened.close(ConsoleServer.start(
                ConsoleConfig.custom(store)
                        .endpoints("stripe", "github")
                        .authorizer(BearerTokenAuthorizer.parse("alice:write:" + AbstractConsoleApiIT.WRITER_TOKEN))
                        .replayListener(endpoint -> Dispatchers.of(hookguard).ifPresent(d -> d.wake(endpoint)))
                        .build(),
                hookguard,
                handler));
        browser = opened.quit(chromium(profile));
        wait = new WebDriverWait(browser, Duration.ofSeconds(15));
        wait.ignoring(StaleElementReferenceException.class); // the page re-renders its tables
    }

    /** Skips without Chromium, except with {@code CI=true}, where a missing browser fails the test. */
    static void requireBrowser() {
        boolean present = Files.isExecutable(Path.of(CHROMEDRIVER)) && Files.isExecutable(Path.of(CHROMIUM));
        if (!"true".equals(System.getenv("CI"))) {
            Assumptions.assumeTrue(present, "install chromium and chromium-driver (Debian) to run the browser tests");
        }
        assertThat(present)
                .as("chromium and chromium-driver are installed (.ci/run installs them)")
                .isTrue();
    }

    static ChromeDriver chromium(Path profile) {
        return chromium(profile, 1366, 900);
    }

    /** Headless Chromium with a window of this size (CSS pixels). */
    static ChromeDriver chromium(Path profile, int width, int height) {
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM)
                .addArguments(
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--disable-background-networking",
                        "--no-first-run",
                        "--disable-component-update",
                        "--disable-sync",
                        "--window-size=" + width + "," + height,
                        "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    @Test
    void shouldFilterInspectReplayBulkResolveAndShowTheHistory() throws Exception {
        signInWithTheKeyboard();
        assertThat(cell("stripe", ".dead-letters")).isEqualTo("6");
        assertThat(cell("stripe", "[data-class=timeout]")).isEqualTo("3");
        assertThat(rows()).hasSize(6).contains(XSS_ID, "evt_schema_1");

        filterByClass("timeout");
        assertThat(rows()).containsExactly("evt_timeout_1", "evt_timeout_2", "evt_timeout_3");
        assertThat(browser.findElements(By.cssSelector("#records tbody td.error-class")))
                .extracting(WebElement::getText)
                .containsOnly("timeout");

        openWithTheKeyboard("evt_timeout_1");
        assertThat(text("#d-key")).isEqualTo("stripe:evt_timeout_1");
        assertThat(field("Status")).isEqualTo("DEAD");
        assertThat(header("Stripe-Signature")).isEqualTo("[redacted]");
        assertThat(header("X-Api-Key")).isEqualTo("[redacted]");
        assertThat(header("Content-Type")).isEqualTo("application/json");
        assertThat(text("#d-body")).isEqualTo("{\"id\":\"evt_timeout_1\"}");
        screenshot("console-record.png");

        click("#actions button[data-action=replay]");
        waitForStatus("replay of evt_timeout_1: done.");
        wait.until(d -> rows().size() == 2);
        assertThat(rows()).containsExactly("evt_timeout_2", "evt_timeout_3");
        assertThat(field("Status")).isIn("QUEUED", "PROCESSING", "SUCCEEDED");
        assertThat(historyRows()).containsExactly(List.of("alice", "replay", ""));
        // The replay woke the filter's dispatcher, which redelivered the record to the handler through the filter.
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> store.find(EventKey.of("stripe", "evt_timeout_1"))
                                .orElseThrow()
                                .status()
                        == RecordStatus.SUCCEEDED);
        assertThat(handler.runs("evt_timeout_1")).isEqualTo(1);
        assertThat(handler.runs()).as("no other record reached the handler").isEqualTo(1);

        openWithTheKeyboard("evt_timeout_2");
        browser.findElement(By.id("bulk-note")).sendKeys("ledger fixed upstream, INC-7");
        new Select(browser.findElement(By.id("bulk-action"))).selectByValue("resolve");
        click("#bulk-apply");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
        assertThat(text("#confirm-text")).isEqualTo("resolve 2 records of endpoint stripe that match the filter?");
        click("#confirm-ok");
        waitForStatus("resolve: 2 of 2 records changed.");
        wait.until(d -> rows().isEmpty());
        wait.until(d -> field("Status").equals("SUCCEEDED"));
        assertThat(historyRows()).containsExactly(List.of("alice", "resolve", "ledger fixed upstream, INC-7"));
        assertThat(store.find(EventKey.of("stripe", "evt_timeout_3"))
                        .orElseThrow()
                        .history())
                .extracting(AuditEntry::note)
                .containsExactly("ledger fixed upstream, INC-7");
        assertThat(cell("stripe", ".dead-letters")).isEqualTo("3");
    }

    @Test
    void shouldShowARejectedRecordsStoredStatusAndBodyAsItsReason() {
        signInWithTheKeyboard();

        assertThat(reasonInTheList("evt_schema_1")).isEqualTo("HTTP 422: amount is missing");
        assertThat(reasonInTheList("evt_timeout_1")).isEqualTo("read timed out after 10s");
        openWithTheKeyboard("evt_schema_1");
        assertThat(field("Status")).isEqualTo("REJECTED");
        assertThat(field("Reason")).isEqualTo("HTTP 422: amount is missing");
    }

    @Test
    void shouldShowAttackerControlledTextAsTextNeverAsMarkup() {
        new Seeds(store)
                .rejected(
                        EventKey.of("stripe", "evt_markup_1"),
                        ErrorClass.CLIENT_ERROR,
                        StoredResponse.of(
                                400,
                                "text/html",
                                "<img src=x onerror=window.pwned=3>".getBytes(StandardCharsets.UTF_8)));
        signInWithTheKeyboard();
        assertThat(reasonInTheList("evt_markup_1")).isEqualTo("HTTP 400: <img src=x onerror=window.pwned=3>");

        openWithTheKeyboard(XSS_ID);

        assertThat(text("#d-key")).isEqualTo("stripe:" + XSS_ID);
        assertThat(field("Reason")).isEqualTo("<script>window.pwned=2</script>");
        openWithTheKeyboard("evt_markup_1");
        assertThat(field("Reason")).isEqualTo("HTTP 400: <img src=x onerror=window.pwned=3>");
        assertThat(browser.findElements(By.cssSelector("#records img, #detail img, #detail script")))
                .isEmpty();
        assertThat(browser.executeScript("return window.pwned === undefined")).isEqualTo(true);
        screenshot("console-list.png");
    }

    /** The webhook handler behind the filter: counts its runs per event id and answers 200. */
    static final class CountingHandler extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) {
            EventKey key = (EventKey) request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
            runs.computeIfAbsent(key.eventId(), id -> new AtomicInteger()).incrementAndGet();
            response.setStatus(200);
        }

        int runs(String eventId) {
            AtomicInteger count = runs.get(eventId);
            return count == null ? 0 : count.get();
        }

        int runs() {
            return runs.values().stream().mapToInt(AtomicInteger::get).sum();
        }
    }

    private void signInWithTheKeyboard() {
        browser.get(server.console().toString());
        WebElement token = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token")));
        token.sendKeys(AbstractConsoleApiIT.WRITER_TOKEN, Keys.ENTER);
        wait.until(d -> text("#operator").equals("Signed in as alice"));
        wait.until(d -> rows().equals(List.of("gh_delivery_1"))); // the first endpoint, by name
        showEndpoint("stripe");
    }

    private void showEndpoint(String endpoint) {
        new Select(browser.findElement(By.id("f-endpoint"))).selectByValue(endpoint);
        browser.findElement(By.id("f-q")).sendKeys(Keys.ENTER);
        wait.until(d -> rows().contains(endpoint.equals("stripe") ? "evt_schema_1" : "gh_delivery_1"));
    }

    private void filterByClass(String code) {
        new Select(browser.findElement(By.id("f-class"))).selectByValue(code);
        browser.findElement(By.id("f-q")).sendKeys(Keys.ENTER);
        wait.until(d -> browser.findElements(By.cssSelector("#records tbody td.error-class")).stream()
                .allMatch(cell -> cell.getText().equals(code)));
    }

    private void openWithTheKeyboard(String eventId) {
        WebElement row = browser.findElements(By.cssSelector("#records tbody tr")).stream()
                .filter(r ->
                        r.findElement(By.cssSelector("td.event-id")).getText().equals(eventId))
                .findFirst()
                .orElseThrow();
        row.sendKeys(Keys.ENTER);
        wait.until(d -> text("#d-key").equals("stripe:" + eventId));
    }

    /** The reason a row of the list shows (its cell's text, and the same in its title for the full text). */
    private String reasonInTheList(String eventId) {
        WebElement cell = browser.findElements(By.cssSelector("#records tbody tr")).stream()
                .filter(r ->
                        r.findElement(By.cssSelector("td.event-id")).getText().equals(eventId))
                .findFirst()
                .orElseThrow()
                .findElement(By.cssSelector("td.error"));
        assertThat(cell.getAttribute("title")).isEqualTo(cell.getAttribute("textContent"));
        return cell.getAttribute("textContent");
    }

    private List<String> rows() {
        return browser.findElements(By.cssSelector("#records tbody td.event-id")).stream()
                .map(WebElement::getText)
                .toList();
    }

    private List<List<String>> historyRows() {
        return browser.findElements(By.cssSelector("#history tbody tr")).stream()
                .map(row -> row.findElements(By.tagName("td")).stream()
                        .skip(1) // the time
                        .map(WebElement::getText)
                        .toList())
                .toList();
    }

    private String cell(String endpoint, String selector) {
        return wait.until(
                d -> browser.findElement(By.cssSelector("#counts tr[data-endpoint=" + endpoint + "] " + selector))
                        .getText());
    }

    private String field(String name) {
        return text("#d-fields dd[data-field='" + name + "']");
    }

    private String header(String name) {
        return browser.findElements(By.cssSelector("#d-headers tr")).stream()
                .filter(row -> row.findElement(By.tagName("th")).getText().equals(name))
                .map(row -> row.findElement(By.tagName("td")).getText())
                .findFirst()
                .orElseThrow();
    }

    private String text(String selector) {
        return browser.findElement(By.cssSelector(selector)).getText();
    }

    private void click(String selector) {
        browser.findElement(By.cssSelector(selector)).click();
    }

    private void waitForStatus(String message) {
        wait.until(d -> text("#status").equals(message));
    }

    private void screenshot(String name) throws RuntimeException {
        try {
            Path target = Path.of("target", "screenshots");
            Files.createDirectories(target);
            Files.copy(
                    browser.getScreenshotAs(OutputType.FILE).toPath(),
                    target.resolve(name),
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
