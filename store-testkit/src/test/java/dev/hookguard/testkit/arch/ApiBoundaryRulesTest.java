package dev.hookguard.testkit.arch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The boundary rules fail on a fixture that breaks each of them. */
class ApiBoundaryRulesTest {

    static final String FIXTURE = "dev.hookguard.testkit.archfixture";

    final JavaClasses fixture = new ClassFileImporter().importPackages(FIXTURE);

    @Test
    void anApiTypeReturningAnInternalTypeIsReported() {
        assertThat(ApiBoundary.noInternalInApi(Set.of())
                        .evaluate(fixture)
                        .getFailureReport()
                        .getDetails())
                .anySatisfy(d -> assertThat(d).contains("LeakingApi.hidden()").contains(FIXTURE + ".internal.Hidden"))
                .hasSize(1);
    }

    @Test
    void aListedExposureIsTolerated() {
        assertThat(ApiBoundary.noInternalInApi(Set.of(FIXTURE + ".internal.Hidden"))
                        .evaluate(fixture)
                        .hasViolation())
                .isFalse();
    }

    @Test
    void anotherModulesInternalTypeIsReportedUnlessItIsAListedSeam() {
        assertThat(ApiBoundary.onlySeamsInto(FIXTURE, Set.of())
                        .evaluate(fixture)
                        .getFailureReport()
                        .getDetails())
                .anySatisfy(d -> assertThat(d).contains("dev.hookguard.core.internal.HeadersCodec"));
        assertThat(ApiBoundary.onlySeamsInto(FIXTURE, Set.of("dev.hookguard.core.internal.HeadersCodec"))
                        .evaluate(fixture)
                        .hasViolation())
                .isFalse();
    }

    @Test
    void aPublicTypeOutsideTheApiPackagesIsReported() {
        ApiBoundary boundary = new ApiBoundary("fixture", FIXTURE, Set.of(FIXTURE + ".api"), 9, Set.of(), Set.of());

        assertThat(boundary.publicTypesInApi()
                        .evaluate(fixture)
                        .getFailureReport()
                        .getDetails())
                .singleElement()
                .asString()
                .contains(FIXTURE + ".StrayPublic");
    }

    @Test
    void moreApiTypesThanTheCeilingFail() {
        assertThat(ApiBoundary.publicApiTypes(fixture))
                .containsExactly(FIXTURE + ".StrayPublic", FIXTURE + ".api.LeakingApi");
        ApiBoundary boundary = new ApiBoundary(
                "fixture",
                FIXTURE,
                Set.of(FIXTURE, FIXTURE + ".api"),
                1,
                Set.of("dev.hookguard.core.internal.HeadersCodec"),
                Set.of(FIXTURE + ".internal.Hidden"));

        assertThatThrownBy(() -> boundary.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("2 public API types, more than the ceiling of 1");
    }
}
