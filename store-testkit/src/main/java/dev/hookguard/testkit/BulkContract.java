package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Bulk operator actions on the store ({@link OperatorActions}): thousands of records selected by filter are
 * acted on page by page, each exactly once, with their history. Part of {@link StoreContractTest}.
 */
public abstract class BulkContract extends OperatorContract {

    private static final int BULK = 5_000;

    @Test
    void shouldReplayFiveThousandDeadLettersByFilterPageByPage() throws Exception {
        Concurrently.run(16, BULK, i -> {
            dead(key(String.format("bulk-%05d", i)), ErrorClass.TIMEOUT);
            return null;
        });
        for (int i = 0; i < 10; i++) {
            dead(key("keep-" + i), ErrorClass.EXCEPTION);
        }
        PageSpy spy = new PageSpy(store);
        ListFilter timeouts = filter().errorClasses(ErrorClass.TIMEOUT).build();

        BulkResult result = new OperatorActions(spy, OperatorActions.DEFAULT_AUDIT_RETENTION)
                .replayAll(timeouts, OperatorAction.by("ops", "bulk"), POLICY);

        assertThat(result).isEqualTo(new BulkResult(BULK, 0, 0));
        assertThat(spy.largestPage.get()).isLessThanOrEqualTo(OperatorActions.PAGE_SIZE);
        assertThat(spy.pages.get()).isGreaterThanOrEqualTo(BULK / OperatorActions.PAGE_SIZE);
        assertThat(store.count(filter().listings(Listing.QUEUED).build())).isEqualTo(BULK);
        assertThat(store.stats(endpoint).depth()).isEqualTo(BULK);
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(10);
        List<EventRecord> queued = listAll(filter().listings(Listing.QUEUED).build());
        assertThat(queued).hasSize(BULK).allSatisfy(r -> {
            assertThat(r.attempts()).isZero();
            assertThat(r.history()).extracting(AuditEntry::action).containsExactly(AuditEntry.REPLAY);
        });
    }

    @Test
    void shouldCountRecordsThatChangedBetweenListingAndActing() {
        for (int i = 0; i < 3; i++) {
            dead(key("d" + i), ErrorClass.TIMEOUT);
        }
        EventKey raced = key("d1");
        OperatorStore racing = new ForwardingRecoveryStore(store) {
            @Override
            public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
                if (key.equals(raced)) {
                    BulkContract.this.store.skip(key, OPERATOR, policy);
                }
                return super.requeue(key, action, policy);
            }
        };

        BulkResult result = new OperatorActions(racing, OperatorActions.DEFAULT_AUDIT_RETENTION)
                .requeueAll(ListFilter.deadLetters(endpoint), OPERATOR, POLICY);

        assertThat(result).isEqualTo(new BulkResult(2, 0, 1));
        assertThat(record(raced).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record(key("d0")).status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldResolveAllWithTheNoteOnEveryRecord() {
        dead(key("d1"), ErrorClass.SCHEMA);
        rejected(key("r1"), ErrorClass.SCHEMA);
        failed(key("f1"), ErrorClass.SCHEMA);
        ListFilter schema = filter().listings(Listing.DEAD, Listing.REJECTED, Listing.FAILED)
                .errorClasses(ErrorClass.SCHEMA)
                .build();

        BulkResult result = new OperatorActions(store, OperatorActions.DEFAULT_AUDIT_RETENTION)
                .resolveAll(schema, OperatorAction.by("ops", "v2 parser"), POLICY);

        assertThat(result.updated()).isEqualTo(3);
        assertThat(List.of("d1", "r1", "f1")).allSatisfy(id -> {
            assertThat(record(key(id)).status()).isEqualTo(RecordStatus.SUCCEEDED);
            assertThat(record(key(id)).lastError()).isEqualTo("v2 parser");
        });
        assertThat(store.count(schema)).isZero();
    }

    /** Passes every call to the store and remembers the largest page asked for. */
    private static class PageSpy extends ForwardingRecoveryStore {
        final AtomicInteger largestPage = new AtomicInteger();
        final AtomicInteger pages = new AtomicInteger();

        PageSpy(RecoveryStore store) {
            super(store);
        }

        @Override
        public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
            largestPage.accumulateAndGet(limit, Math::max);
            pages.incrementAndGet();
            return super.list(filter, cursor, limit);
        }
    }
}
