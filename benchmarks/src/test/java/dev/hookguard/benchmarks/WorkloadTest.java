package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkloadTest {

    @Test
    void shouldSeedEachTrialsDuplicatesUnderAnEndpointNoEarlierTrialUsed() {
        String first = Workload.trialEndpoint("jmh-redis-dup");
        String second = Workload.trialEndpoint("jmh-redis-dup");

        assertThat(first).startsWith("jmh-redis-dup-");
        assertThat(second).startsWith("jmh-redis-dup-").isNotEqualTo(first);
    }
}
