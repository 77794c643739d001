/**
 * Dead-letter sinks: somewhere besides the store that hears of each record that turns DEAD (a Kafka topic, a
 * ticket queue). The store stays the record of truth; a sink is a copy for other systems.
 */
@NullMarked
package dev.hookguard.core.sink;

import org.jspecify.annotations.NullMarked;
