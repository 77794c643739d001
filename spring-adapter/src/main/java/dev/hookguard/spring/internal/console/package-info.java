/**
 * Registers the operator console (module {@code console}) in a Spring Boot servlet application when {@code
 * hookguard.console.enabled=true}: its own auto-configuration and its own properties class, {@code
 * hookguard.console.*}.
 */
@NullMarked
package dev.hookguard.spring.internal.console;

import org.jspecify.annotations.NullMarked;
