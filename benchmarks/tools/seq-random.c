/*
 * Preloaded into redis-benchmark by run.sh (LD_PRELOAD): makes __rand_int__ count 0, 1, 2, ... instead of drawing
 * from random(), which redis-benchmark seeds with the time and its pid. The claim phase then creates the events
 * 0..n-1 and the complete phase completes exactly those, so every pair does the real work: a new record, then a
 * fenced completion of it. redis-benchmark calls random() only for __rand_int__, and only for requests it sends;
 * it must run single-threaded (no --threads), as run.sh does.
 */
long random(void) {
    static long next;
    return next++;
}
