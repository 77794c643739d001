/**
 * The operator console (DESIGN.md §9): one servlet that serves a small dead-letter web page and the JSON API
 * it uses, over the store's operator SPI. Never open by default: every request passes a {@link
 * dev.hookguard.console.ConsoleAuthorizer}, and every write needs the operator's CSRF token.
 */
@NullMarked
package dev.hookguard.console;

import org.jspecify.annotations.NullMarked;
