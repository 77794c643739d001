/**
 * What {@code benchmarks/run.sh} needs besides JMH: the tables' set-up and tear-down, the {@code pgbench} script
 * captured from the statements the JDBC store really sends, the {@code redis-benchmark} arguments of the same
 * work, and the GitHub signature of the {@code wrk} body. All through {@link
 * dev.hookguard.benchmarks.tools.BenchTool}.
 */
@NullMarked
package dev.hookguard.benchmarks.tools;

import org.jspecify.annotations.NullMarked;
