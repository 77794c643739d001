package dev.hookguard.console;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import org.jspecify.annotations.Nullable;

/**
 * Uses the container's (or the framework's) authentication: the request's user principal is the operator,
 * {@link HttpServletRequest#isUserInRole} decides the access. This is how the console follows Spring Security,
 * whose request wrapper answers both from the security context, and container-managed security (web.xml
 * {@code <security-constraint>}, Jetty and Tomcat realms). A user with neither role is known but refused (403).
 */
public final class ServletRoleAuthorizer implements ConsoleAuthorizer {

    /** Default role that may read: {@code HOOKGUARD_READER}. */
    public static final String DEFAULT_READ_ROLE = "HOOKGUARD_READER";
    /** Default role that may also act: {@code HOOKGUARD_OPERATOR}. */
    public static final String DEFAULT_WRITE_ROLE = "HOOKGUARD_OPERATOR";

    private final String readRole;
    private final String writeRole;

    /**
     * @param readRole the role that may read
     * @param writeRole the role that may read and act
     */
    public ServletRoleAuthorizer(String readRole, String writeRole) {
        this.readRole = requireRole("readRole", readRole);
        this.writeRole = requireRole("writeRole", writeRole);
    }

    /** With {@link #DEFAULT_READ_ROLE} and {@link #DEFAULT_WRITE_ROLE}. */
    public static ServletRoleAuthorizer ofDefaults() {
        return new ServletRoleAuthorizer(DEFAULT_READ_ROLE, DEFAULT_WRITE_ROLE);
    }

    @Override
    public @Nullable Operator authenticate(HttpServletRequest request) {
        Principal principal = request.getUserPrincipal();
        if (principal == null
                || principal.getName() == null
                || principal.getName().isBlank()) {
            return null;
        }
        if (request.isUserInRole(writeRole)) {
            return new Operator(principal.getName(), Operator.Access.WRITE);
        }
        if (request.isUserInRole(readRole)) {
            return new Operator(principal.getName(), Operator.Access.READ);
        }
        return new Operator(principal.getName(), Operator.Access.NONE);
    }

    private static String requireRole(String name, String role) {
        if (role == null || role.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank but was '" + role + "'");
        }
        return role;
    }

    /** Equal when both check the same two roles. */
    @Override
    public boolean equals(Object other) {
        return other instanceof ServletRoleAuthorizer that
                && readRole.equals(that.readRole)
                && writeRole.equals(that.writeRole);
    }

    @Override
    public int hashCode() {
        return readRole.hashCode() * 31 + writeRole.hashCode();
    }

    @Override
    public String toString() {
        return "ServletRoleAuthorizer[read=" + readRole + ", write=" + writeRole + "]";
    }
}
