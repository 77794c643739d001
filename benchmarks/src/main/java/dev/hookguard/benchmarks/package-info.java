/**
 * JMH benchmarks of Hookguard: the Redis and PostgreSQL stores doing claim + complete pairs, and signature
 * verification against a bare {@code Mac.doFinal}. Every figure is meant to be read as a ratio against a
 * baseline measured in the same run ({@code benchmarks/run.sh}); absolute numbers depend on the machine.
 * Services are found through {@link dev.hookguard.benchmarks.BenchEnvironment}.
 */
@NullMarked
package dev.hookguard.benchmarks;

import org.jspecify.annotations.NullMarked;
