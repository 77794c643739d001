package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.console.internal.Export;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The export streams: 10 000 records of 2 KiB leave page by page while the store is still being read, and no
 * page larger than {@link Export#PAGE} is ever asked for, so the console's memory does not grow with the set.
 */
class ExportStreamingIT {

    private static final int RECORDS = 10_000;

    /** The real store, with every list call counted and the later pages held until the client read a line. */
    private static final class Gate extends ForwardingRecoveryStore {
        private final CountDownLatch firstLineRead = new CountDownLatch(1);
        private final AtomicInteger pages = new AtomicInteger();
        private final AtomicInteger largestLimit = new AtomicInteger();

        Gate(InMemoryStore store) {
            super(store);
        }

        @Override
        public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
            largestLimit.accumulateAndGet(limit, Math::max);
            if (pages.incrementAndGet() == 3) {
                await(); // the first two pages must have reached the client before the third is read
            }
            return super.list(filter, cursor, limit);
        }

        private void await() {
            try {
                assertThat(firstLineRead.await(30, TimeUnit.SECONDS))
                        .as("the client got a line before the store's third page was read")
                        .isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void shouldStreamTenThousandRecordsPageByPage() throws Exception {
        InMemoryStore memory = new InMemoryStore();
        Seeds seeds = new Seeds(memory);
        byte[] body = "x".repeat(2048).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < RECORDS; i++) {
            seeds.dead(EventKey.of("bulk", "e-" + i), ErrorClass.NETWORK, "reset", new Payload(body, Map.of()));
        }
        Gate gate = new Gate(memory);
        ConsoleConfig config = ConsoleConfig.custom(gate, memory::find)
                .endpoints("bulk")
                .authorizer(BearerTokenAuthorizer.parse("alice:read:" + AbstractConsoleApiIT.WRITER_TOKEN))
                .build();

        long lines = 0;
        try (ConsoleServer server = ConsoleServer.start(config)) {
            HttpResponse<InputStream> export = new ApiClient(server.console(), AbstractConsoleApiIT.WRITER_TOKEN)
                    .stream("api/export?endpoint=bulk");
            assertThat(export.statusCode()).isEqualTo(200);
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(export.body(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    assertThat(line).startsWith("{\"endpoint\":\"bulk\"");
                    lines++;
                    gate.firstLineRead.countDown();
                }
            }
        }

        assertThat(lines).isEqualTo(RECORDS);
        assertThat(gate.largestLimit.get()).isEqualTo(Export.PAGE);
        assertThat(gate.pages.get()).isBetween(RECORDS / Export.PAGE, RECORDS / Export.PAGE + 1);
    }
}
