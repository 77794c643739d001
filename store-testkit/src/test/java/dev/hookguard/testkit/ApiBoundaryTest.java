package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The store-testkit module's API boundary (DESIGN.md §10): its API packages, the ceiling on their public types and the
 * internal types of other modules it may use (the listed seams). A new public API type or seam is added here.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "store-testkit",
            "dev.hookguard.testkit",
            Set.of("dev.hookguard.testkit", "dev.hookguard.testkit.arch"),
            16, // the contract chain: one public abstract class per SPI part, audit trail and purge included
            Set.of("dev.hookguard.core.internal.OperatorActions"),
            Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
