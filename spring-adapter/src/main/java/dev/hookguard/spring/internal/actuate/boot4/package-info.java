/**
 * The store's health indicator on Spring Boot 4 ({@code org.springframework.boot.health.contributor}); compiled
 * against Boot 4's {@code spring-boot-health} alone, and never loaded on Boot 3.
 */
@NullMarked
package dev.hookguard.spring.internal.actuate.boot4;

import org.jspecify.annotations.NullMarked;
