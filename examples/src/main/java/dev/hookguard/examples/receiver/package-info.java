/**
 * The demo's receiver: embedded Jetty with the Hookguard filter in front of the handler servlet, its store,
 * its dispatcher and its Prometheus scrape; the handler ledger counts every execution.
 */
@NullMarked
package dev.hookguard.examples.receiver;

import org.jspecify.annotations.NullMarked;
