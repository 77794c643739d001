package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.memory.InMemoryStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The page's endpoint controls under the action rules, in headless Chromium: a pause that needs the role {@code senior}
 * and a ticket id. An operator without the role sees the endpoint running and no Pause button; a senior sees the
 * ticket field beside the note, pauses, and the row says who paused it and why (the store's audit), then resumes
 * (the default rule).
 */
class ConsoleEndpointControlsIT {

    static final String ALICE = "alice-token-0123456789";
    static final String CAROL = "carol-token-0123456789";

    @TempDir
    Path profile;

    private final InMemoryStore store = new InMemoryStore();

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;

    @Test
    void shouldOfferPauseOnlyToItsRoleAskForItsTicketAndShowWhoPausedIt() throws Exception {
        ConsolePageIT.requireBrowser();
        server = opened.close(ConsoleServer.start(ConsoleConfig.custom(store)
                .endpoints("pay")
                .authorizer(BearerTokenAuthorizer.parse("alice:write:" + ALICE + ",carol:write+senior:" + CAROL))
                .action("pause", "senior", ConsoleConfig.TICKET_ID)
                .build()));

        browser = opened.quit(ConsolePageIT.chromium(profile.resolve("alice")));
        ConsolePage alice = new ConsolePage(browser);
        alice.signIn(server, ALICE, "Signed in as alice");
        alice.wait.until(
                d -> d.findElements(By.cssSelector("#controls tbody tr")).size() == 1);
        assertThat(alice.text("#controls tbody tr[data-endpoint='pay']")).contains("running");
        assertThat(browser.findElements(By.cssSelector("#controls button"))).isEmpty();

        browser = opened.quit(ConsolePageIT.chromium(profile.resolve("carol")));
        ConsolePage carol = new ConsolePage(browser);
        carol.signIn(server, CAROL, "Signed in as carol");
        carol.wait.until(d -> !d.findElements(By.cssSelector("#controls button[data-action='pause']"))
                .isEmpty());
        browser.findElement(By.cssSelector("#controls input[aria-label='Note for pay']"))
                .sendKeys("ledger down");
        browser.findElement(By.cssSelector("#controls input[data-field='ticketId']"))
                .sendKeys("INC-4");
        carol.click("#controls button[data-action='pause']");
        carol.wait.until(
                d -> carol.text("#controls tbody tr[data-endpoint='pay']").contains("paused"));
        carol.screenshot("endpoint-controls-paused.png");

        assertThat(carol.text("#controls tbody tr[data-endpoint='pay']"))
                .contains("pause by carol")
                .contains("ledger down | ticket INC-4");
        assertThat(store.controls("pay").paused()).isTrue();

        carol.click("#controls button[data-action='resume']");
        carol.wait.until(
                d -> carol.text("#controls tbody tr[data-endpoint='pay']").contains("running"));
        assertThat(store.controls("pay").paused()).isFalse();
    }
}
