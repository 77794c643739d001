package dev.hookguard.console;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Authenticates {@code Authorization: Bearer <token>} against configured operators, for the plain-servlet
 * console. Each operator is {@code name:access:token} ({@code access} = {@code read} or {@code write}); several
 * are separated by commas, so that every person or script has a token of their own and the audit history
 * names them. Tokens are compared as SHA-256 digests in constant time, against every entry; they are never
 * logged. Read them from the environment ({@link #fromEnvironment()}) or another secret source, never from a
 * file in the repository.
 */
public final class BearerTokenAuthorizer implements ConsoleAuthorizer {

    /** The environment variable {@link #fromEnvironment()} reads. */
    public static final String ENVIRONMENT_VARIABLE = "HOOKGUARD_CONSOLE_TOKENS";
    /** Shortest accepted token: 16 characters. */
    public static final int MIN_TOKEN_LENGTH = 16;

    private record Entry(Operator operator, byte[] digest) {}

    private final List<Entry> entries;

    private BearerTokenAuthorizer(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Operators from a specification such as {@code alice:write:s3cr3t-token-of-alice,ci:read:another-token}; the
     * access may name further roles for the actions that need one, {@code carol:write+senior+lead:token}.
     *
     * @throws IllegalArgumentException naming the bad entry (by its name, never its token)
     */
    public static BearerTokenAuthorizer parse(String specification) {
        if (specification == null || specification.isBlank()) {
            throw new IllegalArgumentException("console tokens must name at least one operator as name:access:token");
        }
        List<Entry> entries = new ArrayList<>();
        for (String item : specification.split(",")) {
            entries.add(entry(item.trim()));
        }
        return new BearerTokenAuthorizer(entries);
    }

    /** Operators from {@value #ENVIRONMENT_VARIABLE}; an unset variable is an {@link IllegalStateException}. */
    public static BearerTokenAuthorizer fromEnvironment() {
        String specification = System.getenv(ENVIRONMENT_VARIABLE);
        if (specification == null) {
            throw new IllegalStateException(ENVIRONMENT_VARIABLE + " is not set; the console refuses to start open");
        }
        return parse(specification);
    }

    @Override
    public @Nullable Operator authenticate(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        byte[] presented = sha256(header.substring(7).trim());
        Operator found = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.digest(), presented) && found == null) {
                found = entry.operator();
            }
        }
        return found;
    }

    private static Entry entry(String item) {
        String[] parts = item.split(":", 3);
        String name = parts[0].trim();
        if (parts.length != 3 || name.isEmpty()) {
            throw new IllegalArgumentException(
                    "console token entry for '" + name + "' must be name:access:token (access read or write)");
        }
        String[] grant = parts[1].trim().split("\\+");
        Operator.Access access = access(name, grant[0].trim());
        Set<String> roles = new LinkedHashSet<>();
        for (int i = 1; i < grant.length; i++) {
            if (grant[i].isBlank()) {
                throw new IllegalArgumentException("console token entry for '" + name + "' has an empty role");
            }
            roles.add(grant[i].trim());
        }
        String token = parts[2].trim();
        if (token.length() < MIN_TOKEN_LENGTH) {
            throw new IllegalArgumentException("console token of '" + name + "' must be at least " + MIN_TOKEN_LENGTH
                    + " characters but has " + token.length());
        }
        return new Entry(new Operator(name, access, roles), sha256(token));
    }

    private static Operator.Access access(String name, String access) {
        return switch (access.toLowerCase(Locale.ROOT)) {
            case "read" -> Operator.Access.READ;
            case "write" -> Operator.Access.WRITE;
            default ->
                throw new IllegalArgumentException(
                        "console access of '" + name + "' must be read or write but was '" + access + "'");
        };
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
