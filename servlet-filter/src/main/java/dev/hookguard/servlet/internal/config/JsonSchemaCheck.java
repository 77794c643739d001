package dev.hookguard.servlet.internal.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.hookguard.servlet.PayloadSchema;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** {@link PayloadSchema} on networknt's json-schema-validator; only this class touches it (an optional dependency). */
public final class JsonSchemaCheck implements PayloadSchema {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Schema schema;

    private JsonSchemaCheck(Schema schema) {
        this.schema = schema;
    }

    public static PayloadSchema read(InputStream source, String name) {
        try {
            JsonNode node = JSON.readTree(source);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("schema " + name + " must be a JSON object");
            }
            SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
            return new JsonSchemaCheck(registry.getSchema(node));
        } catch (IOException e) {
            throw new IllegalArgumentException("schema " + name + " is not JSON: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("schema " + name + " is not a JSON Schema: " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> violations(byte[] body) {
        JsonNode payload;
        try {
            payload = JSON.readTree(body);
        } catch (JacksonException e) {
            return List.of("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            return List.of("the body is not JSON");
        }
        if (payload == null || payload.isMissingNode()) {
            return List.of("the body is not JSON: it is empty");
        }
        return schema.validate(payload).stream()
                .limit(MAX_VIOLATIONS)
                .map(Error::toString)
                .toList();
    }
}
