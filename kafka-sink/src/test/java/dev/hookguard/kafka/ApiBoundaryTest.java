package dev.hookguard.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The kafka-sink module's API boundary (DESIGN.md §10): its API packages, the ceiling on their public types and the
 * internal types of other modules it may use (the listed seams). A new public API type or seam is added here.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY =
            new ApiBoundary("kafka-sink", "dev.hookguard.kafka", Set.of("dev.hookguard.kafka"), 1, Set.of(), Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
