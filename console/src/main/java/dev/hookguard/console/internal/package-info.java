/**
 * Not API: the console's JSON API (the router and its read, write and overview routes, the CSV export, the CSRF
 * tokens) and the operator service that both front ends use, the console and the Spring adapter's {@code hookguard}
 * Actuator endpoint (a listed seam in the adapter's {@code ApiBoundaryTest}). May change in any release.
 */
@NullMarked
package dev.hookguard.console.internal;

import org.jspecify.annotations.NullMarked;
