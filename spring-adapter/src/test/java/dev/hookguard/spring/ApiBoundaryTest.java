package dev.hookguard.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.testkit.arch.ApiBoundary;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The spring-adapter module's API boundary (DESIGN.md §10): its API packages, the ceiling on their public types and the
 * internal types of other modules it may use (the listed seams). A new public API type or seam is added here.
 */
class ApiBoundaryTest {

    static final ApiBoundary BOUNDARY = new ApiBoundary(
            "spring-adapter",
            "dev.hookguard.spring",
            Set.of("dev.hookguard.spring", "dev.hookguard.spring.autoconfigure"),
            6,
            Set.of(
                    "dev.hookguard.console.internal.OperatorService",
                    "dev.hookguard.core.internal.UnrecordableVerdictException",
                    "dev.hookguard.core.internal.executor.Classification",
                    "dev.hookguard.servlet.internal.config.JdbcStoreSettings",
                    "dev.hookguard.servlet.internal.config.RedisStoreSettings",
                    "dev.hookguard.servlet.internal.config.SettingNames",
                    "dev.hookguard.servlet.internal.config.TieredStoreSettings",
                    "dev.hookguard.servlet.internal.dispatch.Dispatcher",
                    "dev.hookguard.servlet.internal.dispatch.Dispatchers",
                    "dev.hookguard.servlet.internal.health.StoreHealth",
                    "dev.hookguard.servlet.internal.health.StoreHealth$Result"),
            Set.of());

    @Test
    void apiExposesNoInternalsAndUsesOnlyListedSeams() {
        assertThat(BOUNDARY.violations()).isEmpty();
    }
}
