package dev.hookguard.servlet;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** One request to a guarded endpoint, as the filter received it. */
record Delivery(
        Guard guard,
        EndpointConfig endpoint,
        HttpServletRequest request,
        HttpServletResponse response,
        FilterChain chain) {}
