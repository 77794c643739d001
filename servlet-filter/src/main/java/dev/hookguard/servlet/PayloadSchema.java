package dev.hookguard.servlet;

import dev.hookguard.servlet.internal.config.JsonSchemaCheck;
import java.io.InputStream;
import java.util.List;

/**
 * A check of a verified delivery's body against the endpoint's JSON Schema (draft 2020-12), run after the claim and
 * before the handler. A body that fails it is recorded REJECTED with {@link dev.hookguard.core.ErrorClass#SCHEMA},
 * answered 400 with the first violations, and listed with the dead letters; the handler never sees it. The JSON
 * Schema implementation ({@code com.networknt:json-schema-validator}) is an optional dependency: add it to use
 * {@link #jsonSchema}.
 */
@FunctionalInterface
public interface PayloadSchema {

    /** The most violations an answer and a record carry. */
    int MAX_VIOLATIONS = 5;

    /**
     * What is wrong with the body, at most {@link #MAX_VIOLATIONS} sentences naming where; empty when it conforms. A
     * body that is not JSON is one violation. Never throws for any body.
     */
    List<String> violations(byte[] body);

    /**
     * The schema read from {@code schema} (JSON, draft 2020-12 unless it names another with {@code $schema}).
     *
     * @throws IllegalArgumentException when it is not a schema, naming {@code source}
     * @throws IllegalStateException when {@code com.networknt:json-schema-validator} is not on the class path
     */
    static PayloadSchema jsonSchema(InputStream schema, String source) {
        try {
            Class.forName("com.networknt.schema.SchemaRegistry", false, PayloadSchema.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException(
                    "a JSON Schema check needs com.networknt:json-schema-validator on the class path", e);
        }
        return JsonSchemaCheck.read(schema, source);
    }
}
