package dev.hookguard.examples.sender;

import dev.hookguard.examples.receiver.Dispatcher;

/**
 * What the requests of one storm share.
 *
 * @param sender sends a request
 * @param backoff spaces the retries
 * @param stats counts the answers
 * @param dispatcher runs and schedules the requests
 */
record StormRun(WebhookSender sender, Backoff backoff, StormStats stats, Dispatcher dispatcher) {}
