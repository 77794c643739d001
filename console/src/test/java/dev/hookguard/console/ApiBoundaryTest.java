package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The console module's API boundary (DESIGN.md §10): its API packages, the ceiling on their public types and the
 * internal types of other modules it may use (the listed seams). A new public API type or seam is added here.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "console",
            "dev.hookguard.console",
            Set.of("dev.hookguard.console"),
            6,
            Set.of(
                    "dev.hookguard.core.internal.OperatorActions",
                    "dev.hookguard.core.internal.Utf8",
                    "dev.hookguard.servlet.internal.config.InitParams",
                    "dev.hookguard.servlet.internal.config.PublishedEndpoints",
                    "dev.hookguard.servlet.internal.config.SettingNames",
                    "dev.hookguard.servlet.internal.health.StoreHealth",
                    "dev.hookguard.servlet.internal.health.StoreHealth$Result"),
            Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
