package dev.hookguard.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Starts JMH benchmarks in this JVM for one short measurement, without warm-up: enough to prove that their
 * states set up and tear down and that every benchmark method runs without an error, far too little to measure
 * anything. JMH's own report goes to {@code target/jmh-smoke-<name>.txt}.
 */
final class JmhSmoke {

    private JmhSmoke() {}

    static Collection<RunResult> run(String name, String include, int threads) throws Exception {
        Path report = Path.of("target", "jmh-smoke-" + name + ".txt");
        Files.createDirectories(report.getParent());
        Options options = new OptionsBuilder()
                .include(include)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .threads(threads)
                .shouldFailOnError(true)
                .output(report.toString())
                .build();
        try {
            return new Runner(options).run();
        } catch (RunnerException e) {
            throw new AssertionError("a benchmark failed; see " + report, e);
        }
    }
}
