package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import dev.hookguard.testkit.TestServices;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * The application on the JDBC store in PostgreSQL (a table of this run, created at start-up and dropped after), plus
 * the transactional mode: a handler's row and the SUCCEEDED record commit together, through Spring's transaction
 * management, or neither does.
 */
@Import({PostgresWebhookAppIT.PaymentsHandler.class, PostgresWebhookAppIT.PaymentLedger.class})
class PostgresWebhookAppIT extends AbstractWebhookAppIT {

    static final String PAYMENTS_SECRET =
            "whsec_" + Base64.getEncoder().encodeToString("payments-secret-of-the-it".getBytes());
    static final String EVENTS_TABLE = "hg_spring_" + RUN;
    static final String PAYMENTS_TABLE = "hg_payments_" + RUN;

    @Autowired
    JdbcTemplate jdbc;

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry properties) {
        properties.add("spring.datasource.url", () -> TestServices.postgres().url());
        properties.add(
                "spring.datasource.username", () -> TestServices.postgres().user());
        properties.add(
                "spring.datasource.password", () -> TestServices.postgres().password());
        properties.add("hookguard.store.type", () -> "jdbc");
        properties.add("hookguard.store.jdbc.table-name", () -> EVENTS_TABLE);
        properties.add("hookguard.store.jdbc.create-schema-if-missing", () -> "true");
        properties.add("hookguard.endpoints.payments.scheme", () -> "standard-webhooks");
        properties.add("hookguard.endpoints.payments.secrets", () -> PAYMENTS_SECRET);
        properties.add("hookguard.endpoints.payments.policy.lease", () -> LEASE.toMillis() + "ms");
        // retries: sender (Standard Webhooks' default); a short backoff for what the dispatcher retries (a replay)
        properties.add("hookguard.endpoints.payments.backoff.base", () -> "10ms");
        properties.add("hookguard.endpoints.payments.backoff.cap", () -> "50ms");
        properties.add("it.payments-table", () -> PAYMENTS_TABLE);
    }

    /** The payments endpoint's lease: short, so that a handler can outlive it. */
    static final Duration LEASE = Duration.ofSeconds(10);
    /** Handler runs of the "hold" behaviour, and what they wait for before answering. */
    static final AtomicInteger HOLDING_RUNS = new AtomicInteger();

    static final AtomicReference<CountDownLatch> RELEASE = new AtomicReference<>(new CountDownLatch(0));

    /** Writes one row per payment in the caller's transaction, as a {@code @Transactional} service of the app. */
    @Service
    static class PaymentLedger {
        private final JdbcTemplate jdbc;
        private final String table;

        PaymentLedger(JdbcTemplate jdbc, @Value("${it.payments-table}") String table) {
            this.jdbc = jdbc;
            this.table = table;
        }

        @Transactional
        public void record(String eventId) {
            jdbc.update("insert into " + table + " (event_id) values (?)", eventId);
        }
    }

    /** The transactional handler: records the payment, then answers as {@code X-Behaviour} says. */
    @RestController
    static class PaymentsHandler {
        private final PaymentLedger ledger;

        PaymentsHandler(PaymentLedger ledger) {
            this.ledger = ledger;
        }

        @PostMapping("/webhooks/payments")
        @IdempotentWebhook(value = "payments", transactional = true)
        ResponseEntity<String> pay(
                @RequestBody String body,
                @WebhookEventId String eventId,
                @RequestHeader(name = WebhookApp.BEHAVIOUR, defaultValue = "ok") String behaviour) {
            ledger.record(eventId);
            if (behaviour.equals("hold")) {
                HOLDING_RUNS.incrementAndGet();
                await(RELEASE.get());
            }
            if (behaviour.equals("slow")) {
                long started = System.nanoTime(); // after the claim: wait until the lease has passed
                org.awaitility.Awaitility.await()
                        .atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> System.nanoTime() - started > LEASE.toNanos() + 200_000_000L);
            }
            return switch (behaviour) {
                case "fail" -> throw new IllegalStateException("the payment handler failed after its insert");
                case "retry" -> ResponseEntity.status(503).body("try later");
                default -> ResponseEntity.ok("paid " + eventId);
            };
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the handler");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    void createPaymentsTable() {
        jdbc.execute("create table " + PAYMENTS_TABLE + " (event_id varchar(255) primary key)");
    }

    @AfterAll
    void dropTables() {
        jdbc.execute("drop table if exists " + PAYMENTS_TABLE);
        jdbc.execute("drop table if exists " + EVENTS_TABLE);
    }

    @Override
    String storeType() {
        return "jdbc";
    }

    private HttpResponse<String> pay(String id, String behaviour) {
        return sender.send(
                sender.signed("/webhooks/payments", Scheme.STANDARD_WEBHOOKS, PAYMENTS_SECRET, id, "{\"amount\":100}")
                        .header(WebhookApp.BEHAVIOUR, behaviour));
    }

    private List<String> payments(String id) {
        return jdbc.queryForList("select event_id from " + PAYMENTS_TABLE + " where event_id = ?", String.class, id);
    }

    @Test
    void shouldRetryAFailingReplayOfTheTransactionalSenderEndpointOnTheReceiverUntilItIsDeadAgain() {
        String id = eventId();
        EventKey key = EventKey.of("payments", id);
        int attempts = IdempotencyPolicy.DEFAULT_MAX_ATTEMPTS;
        for (int attempt = 1; attempt < attempts; attempt++) {
            assertThat(pay(id, "fail").statusCode()).isEqualTo(500);
            assertThat(record("payments", id).nextAttemptAt())
                    .as("the sender retries")
                    .isNull();
        }
        assertThat(pay(id, "fail").statusCode()).isEqualTo(202);
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.DEAD);

        HttpResponse<String> replayed =
                sender.postJson("/actuator/hookguard/payments/" + id, "{\"action\":\"replay\"}");
        assertThat(replayed.statusCode()).isEqualTo(200);

        List<String> undue = new ArrayList<>();
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(45))
                .pollInterval(Duration.ofMillis(5))
                .until(() -> {
                    EventRecord record = store.find(key).orElseThrow();
                    if (record.status() == RecordStatus.FAILED && record.nextAttemptAt() == null) {
                        undue.add("FAILED without a due time at attempt " + record.attempts());
                    }
                    return record.status() == RecordStatus.DEAD || !undue.isEmpty();
                });
        assertThat(undue).isEmpty();
        EventRecord dead = record("payments", id);
        assertThat(dead.attempts()).isEqualTo(attempts);
        assertThat(dead.errorClass()).isEqualTo(ErrorClass.EXCEPTION);
        assertThat(payments(id)).as("every run's row rolled back").isEmpty();
        assertThat(((OperatorStore) store)
                        .count(ListFilter.forEndpoint("payments").text(id).build()))
                .isEqualTo(1);
    }

    @Test
    void shouldKeepTheRecordsInTheRunsTable() {
        assertThat(store).isInstanceOf(JdbcIdempotencyStore.class);
        assertThat(((JdbcIdempotencyStore) store).config().tableName()).isEqualTo(EVENTS_TABLE);
    }

    @Test
    void shouldCommitTheHandlersRowTogetherWithTheSucceededRecord() {
        String id = eventId();

        HttpResponse<String> response = pay(id, "ok");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("paid " + id);
        assertThat(payments(id)).containsExactly(id);
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldReplayADuplicateOfACommittedPaymentWithoutASecondRow() {
        String id = eventId();
        pay(id, "ok");

        HttpResponse<String> duplicate = pay(id, "ok");

        assertThat(duplicate.statusCode()).isEqualTo(200);
        assertThat(duplicate.body()).isEqualTo("paid " + id);
        assertThat(duplicate.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(payments(id)).containsExactly(id);
    }

    @Test
    void shouldLeaveNeitherTheRowNorASucceededRecordWhenTheHandlerFailsAfterItsInsert() {
        String id = eventId();

        HttpResponse<String> response = pay(id, "fail");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(payments(id)).isEmpty();
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldRollTheRowBackWhenTheHandlerAnswersARetryableStatus() {
        String id = eventId();

        HttpResponse<String> response = pay(id, "retry");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(payments(id)).isEmpty();
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldRunTheHandlerAgainAfterAFailureAndCommitOnce() {
        String id = eventId();
        pay(id, "fail");

        HttpResponse<String> retried = pay(id, "ok");

        assertThat(retried.statusCode()).isEqualTo(200);
        assertThat(payments(id)).containsExactly(id);
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record("payments", id).attempts()).isEqualTo(2);
    }

    @Test
    void shouldRunTheHandlerOnceAndAnswerConcurrentDuplicates409WithinTheLockWait() throws Exception {
        String id = eventId();
        int senders = 16;
        CountDownLatch release = new CountDownLatch(1);
        RELEASE.set(release);
        HOLDING_RUNS.set(0);
        ExecutorService pool = Executors.newFixedThreadPool(senders);
        try {
            List<Future<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                responses.add(pool.submit(() -> pay(id, "hold")));
            }
            // every duplicate is answered while the first delivery's handler still holds the event
            List<HttpResponse<String>> answered = new ArrayList<>();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> {
                answered.clear();
                for (Future<HttpResponse<String>> response : responses) {
                    if (response.isDone()) {
                        answered.add(response.get());
                    }
                }
                return answered.size() == senders - 1;
            });
            assertThat(answered).allSatisfy(response -> {
                assertThat(response.statusCode()).isEqualTo(409);
                assertThat(response.headers().firstValue("Retry-After")).isPresent();
            });
            release.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<HttpResponse<String>> response : responses) {
                statuses.add(response.get(60, TimeUnit.SECONDS).statusCode());
            }
            assertThat(statuses).containsOnlyOnce(200);
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
        assertThat(HOLDING_RUNS).hasValue(1);
        assertThat(payments(id)).containsExactly(id);
        assertThat(record("payments", id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldRollBackAndAnswer503WhenTheHandlerOutlivesItsLease() {
        String id = eventId();

        HttpResponse<String> response = pay(id, "slow");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        assertThat(payments(id)).isEmpty();
        HttpResponse<String> retried = pay(id, "ok");
        assertThat(retried.statusCode()).isEqualTo(200);
        assertThat(payments(id)).containsExactly(id);
    }
}
