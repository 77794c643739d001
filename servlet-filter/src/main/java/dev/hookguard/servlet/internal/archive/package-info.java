/**
 * Archive before purge (DESIGN.md §9): the archiver that writes dead letters older than {@code archive.after} to
 * gzipped JSON Lines files, one per endpoint and hour, advances a per-endpoint watermark once they are on disk, and
 * deletes archived dead letters past the endpoint's dead retention; and the hold that keeps DEAD records in the store
 * until then.
 */
@NullMarked
package dev.hookguard.servlet.internal.archive;

import org.jspecify.annotations.NullMarked;
