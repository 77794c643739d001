/**
 * The framework-free protocol runner: claim, run the handler under a renewed lease, then complete or fail
 * with the claim's fencing token. The servlet filter and the Spring adapter call it; so can a Kafka or
 * RabbitMQ listener.
 */
@NullMarked
package dev.hookguard.core.executor;

import org.jspecify.annotations.NullMarked;
