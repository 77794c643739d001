/** The Kafka dead-letter sink: every record that turns DEAD, published to a topic. */
@NullMarked
package dev.hookguard.kafka;

import org.jspecify.annotations.NullMarked;
