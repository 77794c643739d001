/**
 * The store's health indicator on Spring Boot 3 ({@code org.springframework.boot.actuate.health}); compiled against
 * Boot 3.5 only, and left out of the Boot 4 build.
 */
@NullMarked
package dev.hookguard.spring.internal.actuate.boot3;

import org.jspecify.annotations.NullMarked;
