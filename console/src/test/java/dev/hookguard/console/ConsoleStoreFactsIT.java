package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.testkit.TestServices;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The overview shows what the store runs on, as the Actuator's health does: in headless Chromium, over a Redis store
 * (the shared server, which runs without persistence) whose payments endpoint waits for a replica of its own.
 */
class ConsoleStoreFactsIT {

    @TempDir
    Path profile;

    private RedisIdempotencyStore store;

    @RegisterExtension
    final Opened opened = new Opened();

    private ConsoleServer server;
    private ChromeDriver browser;

    @Test
    void shouldShowTheStoresPersistenceReplicasAndDurabilityBesideTheDeadLetters() throws Exception {
        ConsolePageIT.requireBrowser();
        store = opened.close(RedisStores.fromUri(
                TestServices.redisUri(),
                RedisStoreConfig.custom()
                        .keyPrefix("hg-console-facts-"
                                + UUID.randomUUID().toString().substring(0, 8))
                        .durabilityReplicas("payments", 1)
                        .build()));
        server = opened.close(ConsoleServer.start(ConsoleConfig.custom(store)
                .endpoints("payments", "analytics")
                .authorizer(BearerTokenAuthorizer.parse("bob:read:" + AbstractConsoleApiIT.READER_TOKEN))
                .build()));
        browser = opened.quit(ConsolePageIT.chromium(profile));
        ConsolePage page = new ConsolePage(browser);

        page.signIn(server, AbstractConsoleApiIT.READER_TOKEN, "Signed in as bob (read only)");
        page.wait.until(d -> !d.findElements(By.cssSelector("#store-facts dd[data-fact='durability']"))
                .isEmpty());
        page.screenshot("store-facts-redis.png");

        String aof = Boolean.TRUE.equals(store.serverFacts().get("aof")) ? "on" : "off";
        assertThat(page.text("#store-facts dd[data-fact='store']")).isEqualTo("redis");
        assertThat(page.text("#store-facts dd[data-fact='up']")).isEqualTo("up");
        assertThat(page.text("#store-facts dd[data-fact='aof']")).isEqualTo(aof);
        assertThat(page.text("#store-facts dd[data-fact='replicas']"))
                .isEqualTo(String.valueOf(store.serverFacts().get("replicas")));
        assertThat(page.text("#store-facts dd[data-fact='durability']")).isEqualTo("none; payments: replicas(1, PT1S)");
        assertThat(page.text("#store-facts dd[data-fact='durabilityShortfalls']"))
                .isEqualTo("0");
        assertThat(page.text("#store-facts")).doesNotContain("redis://").doesNotContain("127.0.0.1");
        page.wait.until(
                d -> d.findElements(By.cssSelector("#controls tbody tr")).size() == 2);
        assertThat(page.visibleWriteControls()).isEmpty();
        assertThat(browser.findElements(By.cssSelector("#controls button"))).isEmpty();
    }
}
