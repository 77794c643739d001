package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The idempotency-core module's API boundary (DESIGN.md §10), checked here because the rules live in this kit,
 * which depends on the core. A new public API type of the core is added to the ceiling here.
 */
class CoreApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "idempotency-core",
            "dev.hookguard.core",
            Set.of(
                    "dev.hookguard.core",
                    "dev.hookguard.core.operator",
                    "dev.hookguard.core.executor",
                    "dev.hookguard.core.memory",
                    "dev.hookguard.core.sink",
                    "dev.hookguard.core.signature"),
            45,
            Set.of(),
            Set.of());

    @Test
    void apiExposesNoInternals() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
