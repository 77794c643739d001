package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.memory.InMemoryStore;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console page checked by Deque's axe-core (WCAG 2.0 and 2.1, levels A and AA) in headless Chromium, as an
 * operator who may act sees it: the overview, the filter, the listing and a record open in the drawer. Every violation
 * axe reports fails the test, with its rule, its impact and the elements it names.
 */
class ConsoleAccessibilityIT {

    static final List<String> WCAG = List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa");

    @TempDir
    Path profile;

    private final InMemoryStore store = new InMemoryStore();

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;

    @Test
    void shouldHaveNoAccessibilityViolationsInTheListingNorInTheOpenRecord() throws Exception {
        ConsolePageIT.requireBrowser();
        Seeds seeds = new Seeds(store);
        seeds.dead(EventKey.of("stripe", "evt_timeout_1"), ErrorClass.TIMEOUT, "read timed out after 10s");
        seeds.dead(EventKey.of("stripe", "evt_network_1"), ErrorClass.NETWORK, "Connection reset by peer");
        seeds.rejected(EventKey.of("stripe", "evt_schema_1"), ErrorClass.SCHEMA, "amount is missing");
        server = opened.close(ConsoleServer.start(ConsoleConfig.custom(store)
                .endpoints("stripe")
                .authorizer(BearerTokenAuthorizer.parse("alice:write:" + AbstractConsoleApiIT.WRITER_TOKEN))
                .build()));
        browser = opened.quit(ConsolePageIT.chromium(profile));
        ConsolePage page = new ConsolePage(browser);

        page.signIn(server, AbstractConsoleApiIT.WRITER_TOKEN, "Signed in as alice");
        page.wait.until(d -> page.rows().size() == 3);
        page.screenshot("accessibility-list.png");
        Results listing = new AxeBuilder().withTags(WCAG).analyze(browser);

        page.open("stripe", "evt_timeout_1");
        page.screenshot("accessibility-record.png");
        Results record = new AxeBuilder().withTags(WCAG).analyze(browser);

        assertThat(listing.getPasses())
                .as("rules axe-core checked and passed on the listing")
                .hasSizeGreaterThan(10);
        assertThat(violations(listing)).as("axe-core on the listing").isEmpty();
        assertThat(record.getPasses())
                .as("rules axe-core checked and passed with a record open")
                .hasSizeGreaterThan(10);
        assertThat(violations(record)).as("axe-core with a record open").isEmpty();
    }

    /** One line per violation: rule, impact, help and the elements, empty when there is none. */
    private static String violations(Results results) {
        return results.getViolations().stream()
                .map(ConsoleAccessibilityIT::line)
                .collect(Collectors.joining("\n"));
    }

    private static String line(Rule rule) {
        return rule.getId() + " (" + rule.getImpact() + "): " + rule.getHelp() + " at "
                + rule.getNodes().stream()
                        .map(node -> String.valueOf(node.getTarget()))
                        .collect(Collectors.joining(", "));
    }
}
