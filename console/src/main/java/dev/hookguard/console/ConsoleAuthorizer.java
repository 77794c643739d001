package dev.hookguard.console;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * Decides who is behind a console request. The console refuses everything a null answer stands for (401),
 * lets {@link Operator.Access#READ} operators read (writes get 403), and records the operator's name with
 * every action. Ship your own for SSO; {@link BearerTokenAuthorizer} and {@link ServletRoleAuthorizer} come
 * with the module.
 */
@FunctionalInterface
public interface ConsoleAuthorizer {

    /** Refuses everyone: the default, so that a console is never open by accident. */
    ConsoleAuthorizer DENY_ALL = request -> null;

    /**
     * The operator behind this request, or null when the request carries no valid credentials.
     *
     * @param request the console request, before its body is read
     */
    @Nullable
    Operator authenticate(HttpServletRequest request);
}
