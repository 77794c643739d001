/**
 * The filter-overhead server: one embedded Jetty with one webhook handler served three ways, bare, behind the
 * Hookguard filter on the in-memory store, and behind the filter on the Redis store, so that {@code wrk} can
 * load each path in turn (see {@code benchmarks/run.sh} and {@code benchmarks/wrk/github-signed.lua}).
 */
@NullMarked
package dev.hookguard.benchmarks.filter;

import org.jspecify.annotations.NullMarked;
