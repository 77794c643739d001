/**
 * Spring Boot auto-configuration of Hookguard, one class per concern, each replaceable: the endpoints from {@code
 * hookguard.*} properties, the filter and its MVC wiring, the Redis, JDBC and in-memory stores, the Micrometer meters,
 * and (in {@code dev.hookguard.spring.actuate}) the health indicator and the dead-letter Actuator endpoint.
 */
@NullMarked
package dev.hookguard.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
