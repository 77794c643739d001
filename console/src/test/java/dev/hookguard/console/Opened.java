package dev.hookguard.console;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * What a browser test opened (the console's server, Chromium, a filter), closed after each test, newest first, each
 * one even when an earlier one fails to close. Register it with {@code @RegisterExtension}.
 */
final class Opened implements AfterEachCallback {

    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    /** Closes {@code resource} after the test; returns it. */
    <T extends AutoCloseable> T close(T resource) {
        resources.push(resource);
        return resource;
    }

    /** Quits {@code browser} after the test; returns it. */
    ChromeDriver quit(ChromeDriver browser) {
        resources.push(browser::quit);
        return browser;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Exception first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
