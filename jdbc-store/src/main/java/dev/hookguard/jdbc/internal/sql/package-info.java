/**
 * Internals of Hookguard, not API: public only for the module's API packages and the sibling modules' listed seams (DESIGN.md §10). They change without notice.
 */
@NullMarked
package dev.hookguard.jdbc.internal.sql;

import org.jspecify.annotations.NullMarked;
