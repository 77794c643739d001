package dev.hookguard.tiered;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The tiered-store module's API boundary (DESIGN.md §10): the store, its configuration and its meters are the API;
 * the cache, its guard and its connections are internal.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "tiered-store", "dev.hookguard.tiered", Set.of("dev.hookguard.tiered"), 3, Set.of(), Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
