package dev.hookguard.spring.internal.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.JdbcTransactionObjectSupport;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * The transactional mode around a real Hookguard filter and a real JDBC store (H2 in memory): the handler's row and
 * the SUCCEEDED record commit together; when the commit fails, neither exists and the sender gets 503 instead of the
 * handler's 200, so it retries.
 */
class TransactionalDeliveryFilterTest {

    private static final String SECRET = "gh-" + UUID.randomUUID();

    private JdbcDataSource dataSource;
    private JdbcTemplate jdbc;
    private JdbcIdempotencyStore store;
    private HookguardFilter hookguard;
    private boolean failCommits;

    @BeforeEach
    void start() {
        dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:tx" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        jdbc = new JdbcTemplate(dataSource);
        jdbc.execute("create table payments (event_id varchar(255) primary key)");
        store = new JdbcIdempotencyStore(
                dataSource, JdbcStoreConfig.custom().createSchemaIfMissing(true).build());
    }

    @AfterEach
    void stop() {
        if (hookguard != null) {
            hookguard.destroy();
        }
    }

    private Filter filter() {
        return filter(dataSource);
    }

    private Filter filter(DataSource dataSource) {
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource) {
            @Override
            protected void doCommit(DefaultTransactionStatus status) {
                if (failCommits) {
                    try {
                        ((JdbcTransactionObjectSupport) status.getTransaction())
                                .getConnectionHolder()
                                .getConnection()
                                .rollback();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    throw new TransactionSystemException("the database went away during COMMIT");
                }
                super.doCommit(status);
            }
        };
        StaticApplicationContext context = new StaticApplicationContext();
        context.getBeanFactory().registerSingleton("tx", new TransactionalWebhooks(store, dataSource, transactions));
        TransactionalMode mode = TransactionalMode.of(context, store);
        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .endpoint(EndpointConfig.custom("pay")
                        .path("/pay")
                        .scheme(Scheme.GITHUB, SignatureConfig.of(SECRET))
                        .build())
                .store(mode.store())
                .metrics(DeliveryMetrics.none())
                .storeTimeout(Duration.ofSeconds(30)) // a cold first claim (jOOQ, H2) may take over the 1 s default
                .build();
        hookguard = new HookguardFilter(config);
        return mode.wrap(hookguard, config, request -> "pay");
    }

    private static MockHttpServletRequest delivery(String id) {
        byte[] body = ("{\"id\":\"" + id + "\"}").getBytes(StandardCharsets.UTF_8);
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/pay");
        request.setServletPath("/pay");
        request.setContent(body);
        Headers headers = WebhookSigner.of(Scheme.GITHUB, SECRET).sign(id, Instant.now(), body);
        headers.values().forEach((name, values) -> values.forEach(value -> request.addHeader(name, value)));
        return request;
    }

    /** The handler: one row in the transaction Spring manages for the store's data source, then 200. */
    private FilterChain handler() {
        return (request, response) -> {
            EventKey key = (EventKey) request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
            jdbc.update("insert into payments (event_id) values (?)", key.eventId());
            ((HttpServletResponse) response).setStatus(200);
            response.getWriter().write("paid");
        };
    }

    private List<String> rows() {
        return jdbc.queryForList("select event_id from payments", String.class);
    }

    private RecordStatus status(IdempotencyStore store, String id) {
        return store.find(EventKey.of("pay", id)).orElseThrow().status();
    }

    @Test
    void shouldCommitTheHandlersRowWithTheSucceededRecordBeforeAnswering() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();

        filter().doFilter(delivery("e1"), response, handler());

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getContentAsString()).isEqualTo("paid");
        assertThat(rows()).containsExactly("e1");
        assertThat(status(store, "e1")).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldAnswer503AndKeepNeitherRowNorClaimWhenTheCommitFails() throws Exception {
        failCommits = true;
        Filter filter = filter();
        MockHttpServletResponse response = new MockHttpServletResponse();

        filter.doFilter(delivery("e1"), response, handler());

        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getHeader("Retry-After")).isEqualTo("5");
        assertThat(response.getContentAsString()).doesNotContain("paid");
        assertThat(rows()).isEmpty();
        assertThat(store.find(EventKey.of("pay", "e1")))
                .as("the claim rolled back with the rest")
                .isEmpty();

        failCommits = false;
        MockHttpServletResponse retried = new MockHttpServletResponse();
        filter.doFilter(delivery("e1"), retried, handler());
        assertThat(retried.getStatus()).isEqualTo(200);
        assertThat(rows()).containsExactly("e1");
        assertThat(status(store, "e1")).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldTakeNoConnectionBeforeTheClaimSoConcurrencyAtPoolSizeDoesNotDeadlock() throws Exception {
        int poolSize = 4;
        HikariDataSource pool = new HikariDataSource();
        pool.setDataSource(dataSource);
        pool.setMaximumPoolSize(poolSize);
        pool.setConnectionTimeout(250);
        try (pool) {
            store = new JdbcIdempotencyStore(pool, JdbcStoreConfig.ofDefaults());
            jdbc = new JdbcTemplate(pool);
            Filter filter = filter(pool);
            ExecutorService senders = Executors.newFixedThreadPool(poolSize);
            try {
                List<Future<Integer>> statuses = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    String id = "c" + i;
                    statuses.add(senders.submit(() -> {
                        MockHttpServletResponse response = new MockHttpServletResponse();
                        filter.doFilter(delivery(id), response, handler());
                        return response.getStatus();
                    }));
                }
                for (Future<Integer> status : statuses) {
                    assertThat(status.get(60, TimeUnit.SECONDS)).isEqualTo(200);
                }
            } finally {
                senders.shutdownNow();
            }
            assertThat(rows()).hasSize(40);
        }
    }

    @Test
    void shouldHoldNoConnectionWhileAnUnverifiedRequestIsRefused() throws Exception {
        HikariDataSource pool = new HikariDataSource();
        pool.setDataSource(dataSource);
        pool.setMaximumPoolSize(2);
        try (pool) {
            store = new JdbcIdempotencyStore(pool, JdbcStoreConfig.ofDefaults());
            jdbc = new JdbcTemplate(pool);
            pool.getHikariPoolMXBean().softEvictConnections();
            MockHttpServletRequest forged = delivery("forged");
            forged.removeHeader("X-Hub-Signature-256");
            forged.addHeader("X-Hub-Signature-256", "sha256=" + "0".repeat(64));
            MockHttpServletResponse response = new MockHttpServletResponse();

            filter(pool).doFilter(forged, response, handler());

            assertThat(response.getStatus()).isEqualTo(401);
            assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero();
        }
    }

    @Test
    void shouldLeaveRequestsThatAreNotVerifiedOutOfAnyTransaction() throws Exception {
        MockHttpServletRequest unsigned = new MockHttpServletRequest("POST", "/pay");
        unsigned.setServletPath("/pay");
        MockHttpServletResponse response = new MockHttpServletResponse();

        filter().doFilter(unsigned, response, handler());

        assertThat(response.getStatus()).isEqualTo(401);
        assertThat(rows()).isEmpty();
    }
}
