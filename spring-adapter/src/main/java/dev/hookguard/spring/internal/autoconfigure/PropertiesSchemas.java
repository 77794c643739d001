package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.servlet.PayloadSchema;
import dev.hookguard.spring.HookguardConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;

/** Reads {@code hookguard.endpoints.<name>.schema}: a Spring resource location of a JSON Schema. */
public final class PropertiesSchemas {

    private PropertiesSchemas() {}

    /** The schema at {@code location}, or null when none is set; a missing or bad one fails naming the property. */
    static @Nullable PayloadSchema read(String property, @Nullable String location) {
        if (location == null || location.isBlank()) {
            return null;
        }
        Resource resource = new DefaultResourceLoader(PropertiesSchemas.class.getClassLoader()).getResource(location);
        if (!resource.isReadable()) {
            throw HookguardConfigurationException.property(
                    property, "names no readable JSON Schema: '" + location + "'");
        }
        try (InputStream in = resource.getInputStream()) {
            return PayloadSchema.jsonSchema(in, location);
        } catch (IOException e) {
            throw HookguardConfigurationException.property(property, "cannot be read: " + e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw HookguardConfigurationException.property(property, "is not usable: " + e.getMessage());
        }
    }
}
