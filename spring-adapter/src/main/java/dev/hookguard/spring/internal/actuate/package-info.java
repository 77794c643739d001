/**
 * Operations support: the {@code hookguard} Actuator endpoint that lists, inspects, requeues, skips and resolves dead
 * letters, and the store's health indicator. The indicator's adapter lives per Spring Boot line in {@code boot3} and
 * {@code boot4}, because Boot 4 moved the health API to {@code org.springframework.boot.health.contributor}.
 */
@NullMarked
package dev.hookguard.spring.internal.actuate;

import org.jspecify.annotations.NullMarked;
