package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryObservation;
import dev.hookguard.servlet.EndpointConfig;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * One request to a guarded endpoint, as the filter received it, with its observation and the metrics that report to
 * it.
 */
public record Delivery(
        Guard guard,
        EndpointConfig endpoint,
        HttpServletRequest request,
        HttpServletResponse response,
        FilterChain chain,
        DeliveryObservation observation,
        DeliveryMetrics metrics) {

    /** The guard's answers, reporting to this delivery's metrics. */
    public Answers answers() {
        return guard.answers().reporting(metrics);
    }
}
