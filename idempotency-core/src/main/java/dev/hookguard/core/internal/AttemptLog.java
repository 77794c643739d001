package dev.hookguard.core.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.hookguard.core.Attempt;
import dev.hookguard.core.ErrorClass;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A record's attempt log in the stored form every store shares: JSON Lines, one attempt per line, oldest first,
 * {@code {"at":epochMillis,"ms":duration,"src":source,"st":status,"x":errorClass,"ec":exceptionClass,"m":message,
 * "tr":stackTrace,"ra":retryAfterMillis}} (absent fields are null). A store appends one line per recorded verdict
 * and keeps the newest lines (the bound is the policy's); a line that does not parse (the cut front of a log a
 * store bounded by characters) is skipped.
 */
public final class AttemptLog {

    private static final JsonFactory JSON = new JsonFactory();

    private AttemptLog() {}

    /** The log with {@code attempt} appended, the oldest dropped beyond {@code max}. */
    public static List<Attempt> append(List<Attempt> log, @Nullable Attempt attempt, int max) {
        if (attempt == null || max <= 0) {
            return log;
        }
        List<Attempt> next = new ArrayList<>(log);
        next.add(attempt);
        int excess = next.size() - max;
        return List.copyOf(excess > 0 ? next.subList(excess, next.size()) : next);
    }

    /** One attempt as one line, ending in {@code \n}. */
    public static String line(Attempt attempt) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("at", attempt.at().toEpochMilli());
            json.writeNumberField("ms", attempt.duration().toMillis());
            json.writeStringField("src", attempt.source().code());
            json.writeNumberField("st", attempt.httpStatus());
            text(
                    json,
                    "x",
                    attempt.errorClass() == null ? null : attempt.errorClass().code());
            text(json, "ec", attempt.exceptionClass());
            text(json, "m", attempt.message());
            text(json, "tr", attempt.stackTrace());
            if (attempt.retryAfter() != null) {
                json.writeNumberField("ra", attempt.retryAfter().toMillis());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    /** The log as lines, oldest first. */
    public static String encode(List<Attempt> log) {
        StringBuilder out = new StringBuilder();
        log.forEach(attempt -> out.append(line(attempt)));
        return out.toString();
    }

    /** The newest {@code max} attempts of a stored log; null or empty is none. */
    public static List<Attempt> decode(@Nullable String encoded, int max) {
        List<Attempt> log = decode(encoded);
        return log.size() <= max ? log : List.copyOf(log.subList(log.size() - max, log.size()));
    }

    /** Every attempt of a stored log that parses, oldest first; null or empty is none. */
    public static List<Attempt> decode(@Nullable String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return List.of();
        }
        List<Attempt> log = new ArrayList<>();
        for (String line : encoded.split("\n")) {
            if (!line.isBlank()) {
                parse(line, log);
            }
        }
        return List.copyOf(log);
    }

    private static void parse(String line, List<Attempt> log) {
        try (JsonParser json = JSON.createParser(line)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            long at = 0;
            long ms = 0;
            String source = Attempt.Source.SENDER.code();
            int status = 0;
            String errorClass = null;
            String exceptionClass = null;
            String message = null;
            String trace = null;
            Long retryAfter = null;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                boolean isNull = value == JsonToken.VALUE_NULL;
                switch (field) {
                    case "at" -> at = json.getLongValue();
                    case "ms" -> ms = json.getLongValue();
                    case "src" -> source = json.getText();
                    case "st" -> status = json.getIntValue();
                    case "x" -> errorClass = isNull ? null : json.getText();
                    case "ec" -> exceptionClass = isNull ? null : json.getText();
                    case "m" -> message = isNull ? null : json.getText();
                    case "tr" -> trace = isNull ? null : json.getText();
                    case "ra" -> retryAfter = isNull ? null : json.getLongValue();
                    default -> json.skipChildren();
                }
            }
            log.add(new Attempt(
                    Instant.ofEpochMilli(at),
                    Duration.ofMillis(Math.max(0, ms)),
                    Attempt.Source.fromCode(source),
                    status,
                    errorClass == null ? null : ErrorClass.fromCode(errorClass),
                    exceptionClass,
                    message,
                    trace,
                    retryAfter == null ? null : Duration.ofMillis(retryAfter)));
        } catch (IOException | IllegalArgumentException e) {
            // a cut or unknown line: skipped (see the class comment)
        }
    }

    private static void text(JsonGenerator json, String field, @Nullable String value) throws IOException {
        if (value != null) {
            json.writeStringField(field, value);
        }
    }
}
