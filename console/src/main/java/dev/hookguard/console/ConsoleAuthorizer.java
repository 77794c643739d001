package dev.hookguard.console;

import dev.hookguard.servlet.HookguardSettings;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Decides who is behind a console request. The console refuses everything a null answer stands for (401),
 * lets {@link Operator.Access#READ} operators read (writes get 403), and records the operator's name with
 * every action. Ship your own for SSO; {@link BearerTokenAuthorizer} and {@link ServletRoleAuthorizer} come
 * with the module.
 */
@FunctionalInterface
public interface ConsoleAuthorizer {

    /**
     * The authorizer the settings model's {@code console.*} describe: bearer tokens when {@code tokens} is set, else
     * the request's roles ({@code read-role}, {@code write-role}, each with its default).
     *
     * @throws IllegalArgumentException naming the bad entry of the tokens
     */
    static ConsoleAuthorizer of(HookguardSettings.ConsoleSettings console) {
        String tokens = console.getTokens();
        if (tokens != null && !tokens.isBlank()) {
            return BearerTokenAuthorizer.parse(tokens);
        }
        return new ServletRoleAuthorizer(
                console.getReadRole() == null ? ServletRoleAuthorizer.DEFAULT_READ_ROLE : console.getReadRole(),
                console.getWriteRole() == null ? ServletRoleAuthorizer.DEFAULT_WRITE_ROLE : console.getWriteRole());
    }

    /** Refuses everyone: the default, so that a console is never open by accident. */
    ConsoleAuthorizer DENY_ALL = request -> null;

    /**
     * The operator behind this request, or null when the request carries no valid credentials.
     *
     * @param request the console request, before its body is read
     */
    @Nullable
    Operator authenticate(HttpServletRequest request);

    /**
     * Who uses the console and what they may do. The name is what the store's audit history records for every
     * action the operator takes.
     *
     * @param name the operator's name, not blank
     * @param access whether the operator may only read or also act
     * @param roles further roles the authorizer knows of the operator (a bearer token's {@code write+senior}), for
     *     the actions that need one ({@link ConsoleConfig#actionRoles()}); the request's own roles count too
     */
    public record Operator(String name, Access access, Set<String> roles) {

        /** What an operator may do; {@link #WRITE} includes {@link #READ}. */
        public enum Access {
            /** Known, but may use nothing of the console (403 rather than 401). */
            NONE,
            /** List, inspect, count and export records. */
            READ,
            /** Everything {@link #READ} allows, plus replay, requeue, resolve and skip. */
            WRITE
        }

        /** Checks the name. */
        public Operator {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("operator name must not be blank but was '" + name + "'");
            }
            if (access == null) {
                throw new IllegalArgumentException("access of operator '" + name + "' must not be null");
            }
            roles = Set.copyOf(roles);
        }

        /** An operator without further roles. */
        public Operator(String name, Access access) {
            this(name, access, Set.of());
        }

        /** True when the operator may list, inspect and export records. */
        public boolean canRead() {
            return access != Access.NONE;
        }

        /** True when the operator may act on records. */
        public boolean canWrite() {
            return access == Access.WRITE;
        }
    }
}
