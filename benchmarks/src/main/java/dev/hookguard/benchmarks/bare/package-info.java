/**
 * The bare jobs the store rows are measured against: a dedup claim and its completion in their minimal shape, on
 * raw Lettuce ({@link dev.hookguard.benchmarks.bare.BareRedis}) and raw JDBC ({@link
 * dev.hookguard.benchmarks.bare.BareJdbc}). Not Hookguard's commands: what any correct dedup must send at least.
 */
@NullMarked
package dev.hookguard.benchmarks.bare;

import org.jspecify.annotations.NullMarked;
