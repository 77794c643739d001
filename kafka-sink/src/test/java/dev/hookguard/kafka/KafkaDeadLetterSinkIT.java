package dev.hookguard.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.memory.InMemoryStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The sink against a real Kafka broker, started in the test: an in-process KRaft cluster (one combined broker and
 * controller) from Kafka's test kit, no Docker. Records turn DEAD through the store as deliveries would make them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class KafkaDeadLetterSinkIT {

    private static final String TOPIC = "hookguard-dead-letters";
    private static final IdempotencyPolicy TWO_ATTEMPTS =
            IdempotencyPolicy.custom().maxAttempts(2).build();

    private KafkaClusterTestKit cluster;
    private KafkaProducer<String, byte[]> producer;

    @BeforeAll
    void startBroker() throws Exception {
        cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        try (var admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
        }
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class));
    }

    @AfterAll
    void stopBroker() throws Exception {
        if (producer != null) {
            producer.close(Duration.ofSeconds(10));
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldPublishEachRecordThatTurnsDeadOnceAndNothingElse() {
        RecoveryStore store = new KafkaDeadLetterSink(producer, TOPIC).wrap(new InMemoryStore());
        EventKey retried = EventKey.of("stripe", "evt_retried");
        EventKey dead = EventKey.of("stripe", "evt_dead");
        Payload payload = new Payload(
                "{\"id\":\"evt_dead\"}".getBytes(StandardCharsets.UTF_8),
                Map.of("Content-Type", List.of("application/json"), "Stripe-Signature", List.of("t=1,v1=secret")));

        assertThat(failOnce(store, retried, payload)).isEqualTo(RecordStatus.FAILED);
        assertThat(failOnce(store, dead, payload)).isEqualTo(RecordStatus.FAILED);
        assertThat(failOnce(store, dead, payload)).isEqualTo(RecordStatus.DEAD);
        producer.flush();

        List<ConsumerRecord<String, byte[]>> published = readAll(1);
        assertThat(published).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("stripe:evt_dead");
            assertThat(new String(record.value(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":\"evt_dead\"}");
            assertThat(header(record, KafkaDeadLetterSink.ENDPOINT)).isEqualTo("stripe");
            assertThat(header(record, KafkaDeadLetterSink.EVENT_ID)).isEqualTo("evt_dead");
            assertThat(header(record, KafkaDeadLetterSink.ERROR_CLASS)).isEqualTo("timeout");
            assertThat(header(record, KafkaDeadLetterSink.ERROR)).isEqualTo("read timed out");
            assertThat(header(record, KafkaDeadLetterSink.CONTENT_TYPE)).isEqualTo("application/json");
            assertThat(record.headers().lastHeader("Stripe-Signature")).isNull();
        });
        assertThat(store.find(dead).orElseThrow().status()).isEqualTo(RecordStatus.DEAD);
    }

    private static RecordStatus failOnce(RecoveryStore store, EventKey key, Payload payload) {
        ClaimOutcome claim = store.claim(key, Fingerprint.of(payload.body()), TWO_ATTEMPTS);
        assertThat(claim).isInstanceOf(ClaimOutcome.Acquired.class);
        WriteOutcome outcome = store.fail(
                key,
                ((ClaimOutcome.Acquired) claim).token(),
                new Failure(payload, "read timed out", ErrorClass.TIMEOUT),
                TWO_ATTEMPTS);
        return ((WriteOutcome.Recorded) outcome).status();
    }

    /** Reads the topic from the start until {@code expected} records arrived, then once more to see no more come. */
    private List<ConsumerRecord<String, byte[]>> readAll(int expected) {
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "hookguard-it",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
            TopicPartition partition = new TopicPartition(TOPIC, 0); // no consumer group: read the partition
            consumer.assign(Set.of(partition));
            consumer.seekToBeginning(Set.of(partition));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (records.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
            consumer.poll(Duration.ofSeconds(1)).forEach(records::add);
        }
        return records;
    }

    private static String header(ConsumerRecord<String, byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
