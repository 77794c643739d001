package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The servlet-filter module's API boundary (DESIGN.md §10): its API packages, the ceiling on their public types and the
 * internal types of other modules it may use (the listed seams). A new public API type or seam is added here.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "servlet-filter",
            "dev.hookguard.servlet",
            Set.of("dev.hookguard.servlet"),
            13,
            Set.of(
                    "dev.hookguard.core.internal.executor.Attempts",
                    "dev.hookguard.core.internal.executor.Classification",
                    "dev.hookguard.core.internal.executor.InFlight",
                    "dev.hookguard.core.internal.executor.NotHandledException",
                    "dev.hookguard.core.internal.executor.Start",
                    "dev.hookguard.core.internal.Utf8",
                    "dev.hookguard.core.signature.internal.ConfiguredEventIdExtractor"),
            Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
