/**
 * The operator SPI: listing, inspecting and acting on stored records (replay, discard, purge) and their audit trail.
 */
@NullMarked
package dev.hookguard.core.operator;

import org.jspecify.annotations.NullMarked;
