package dev.hookguard.benchmarks.bare;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The feature floor ({@link BareRedis.Shape#FLOOR}): {@link BareRedisBenchmark}'s workloads on the bare scripts plus
 * the least that DESIGN.md's semantics add (fingerprint, lease, open index, the response kept for replay), still
 * two {@code EVALSHA} per new event and one per duplicate. Reported beside the Redis row, never as its baseline: it
 * tells how far below the bare job any implementation of those semantics must stay, and how far the store is from
 * it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class FloorRedisBenchmark extends BareRedisBenchmark {

    @Override
    protected BareRedis.Shape shape() {
        return BareRedis.Shape.FLOOR;
    }
}
