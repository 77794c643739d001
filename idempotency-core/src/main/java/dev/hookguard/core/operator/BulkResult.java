package dev.hookguard.core.operator;

/**
 * What a bulk operator action did to the records its filter selected.
 *
 * @param updated records changed (and audited)
 * @param notFound records gone between listing and acting (expired)
 * @param wrongState records that changed state in between, so the action did not apply
 */
public record BulkResult(long updated, long notFound, long wrongState) {

    /** Nothing done. */
    public static final BulkResult NONE = new BulkResult(0, 0, 0);

    /** This result with one more outcome counted. */
    public BulkResult plus(AdminOutcome outcome) {
        return switch (outcome) {
            case UPDATED -> new BulkResult(updated + 1, notFound, wrongState);
            case NOT_FOUND -> new BulkResult(updated, notFound + 1, wrongState);
            case WRONG_STATE -> new BulkResult(updated, notFound, wrongState + 1);
        };
    }

    /** How many records the action was tried on. */
    public long total() {
        return updated + notFound + wrongState;
    }
}
