package dev.hookguard.kafka;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.sink.DeadLetterSink;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes each dead letter to one Kafka topic: the key is {@code endpoint:eventId} (so one event's records stay in
 * one partition, in order), the value the delivery's raw body, and the Kafka headers {@value #ENDPOINT},
 * {@value #EVENT_ID}, {@value #ERROR_CLASS}, {@value #ERROR} and, when the delivery had one, {@value #CONTENT_TYPE}.
 * The delivery's other headers are not published: they may carry signatures and credentials.
 *
 * <p>The send is asynchronous (the request thread never waits for the broker); a send that fails is logged with the
 * key, and the dead letter stays in the store for operators. The producer belongs to the caller, who configures
 * it (acks, retries, idempotence) and closes it.
 */
public final class KafkaDeadLetterSink implements DeadLetterSink {

    /** The Kafka header with the endpoint. */
    public static final String ENDPOINT = "hookguard-endpoint";
    /** The Kafka header with the sender's event id. */
    public static final String EVENT_ID = "hookguard-event-id";
    /** The Kafka header with the error class code. */
    public static final String ERROR_CLASS = "hookguard-error-class";
    /** The Kafka header with the last error. */
    public static final String ERROR = "hookguard-error";
    /** The Kafka header with the delivery's content type. */
    public static final String CONTENT_TYPE = "content-type";

    private static final Logger log = LoggerFactory.getLogger(KafkaDeadLetterSink.class);

    private final Producer<String, byte[]> producer;
    private final String topic;

    /**
     * @param producer a producer with string keys and byte-array values
     * @param topic the topic dead letters go to
     */
    public KafkaDeadLetterSink(Producer<String, byte[]> producer, String topic) {
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank but was '" + topic + "'");
        }
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public void deadLettered(EventKey key, Failure failure) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(
                topic, null, key.asString(), failure.payload().body(), headers(key, failure));
        producer.send(record, (metadata, error) -> {
            if (error != null) {
                log.warn("Could not publish the dead letter {} to topic {}: {}", key, topic, error.toString());
            }
        });
    }

    private static Headers headers(EventKey key, Failure failure) {
        Headers headers = new RecordHeaders();
        headers.add(ENDPOINT, utf8(key.endpoint()));
        headers.add(EVENT_ID, utf8(key.eventId()));
        headers.add(ERROR_CLASS, utf8(failure.errorClass().code()));
        headers.add(ERROR, utf8(failure.error()));
        String contentType = contentType(failure.payload().headers());
        if (contentType != null) {
            headers.add(CONTENT_TYPE, utf8(contentType));
        }
        return headers;
    }

    private static @org.jspecify.annotations.Nullable String contentType(Map<String, List<String>> headers) {
        return headers.entrySet().stream()
                .filter(h -> h.getKey().toLowerCase(Locale.ROOT).equals("content-type")
                        && !h.getValue().isEmpty())
                .map(h -> h.getValue().get(0))
                .findFirst()
                .orElse(null);
    }

    private static byte[] utf8(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
