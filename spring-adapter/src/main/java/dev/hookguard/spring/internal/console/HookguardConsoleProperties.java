package dev.hookguard.spring.internal.console;

import dev.hookguard.console.ServletRoleAuthorizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The operator console's properties, {@code hookguard.console.*}; the console is off unless enabled. No literal
 * default: the path's is {@link HookguardConsoleAutoConfiguration#DEFAULT_PATH}, the roles' {@link
 * ServletRoleAuthorizer}'s. The stalled period the console shows is each endpoint's own {@code
 * hookguard.endpoints.<name>.stalled-after}, the one the Sweeper and the Actuator read.
 */
@ConfigurationProperties("hookguard.console")
public class HookguardConsoleProperties {

    /** Whether to register the operator console servlet. Off by default: the console is never open by accident. */
    private @Nullable Boolean enabled;

    /** The path the console is mounted at; the page is at {@code <path>/}, the JSON API at {@code <path>/api/}. */
    private @Nullable String path;

    /** The role that may list, inspect and export records (as HttpServletRequest.isUserInRole sees it). */
    private String readRole = ServletRoleAuthorizer.DEFAULT_READ_ROLE;

    /** The role that may also replay, requeue, resolve and skip. */
    private String writeRole = ServletRoleAuthorizer.DEFAULT_WRITE_ROLE;

    /**
     * Bearer tokens as name:access:token entries, comma-separated (access read or write), for applications without
     * Spring Security; when set they replace the role check. Take them from the environment, never from a file.
     */
    private @Nullable String tokens;

    /** The endpoints the console shows; empty = every endpoint Hookguard guards. */
    private List<String> endpoints = new ArrayList<>();

    /** The key of the console's CSRF tokens (at least 32 characters); set the same one on every instance. */
    private @Nullable String csrfKey;

    /** Header name fragments redacted in payload views and exports, on top of the default deny list. */
    private List<String> redactHeaders = new ArrayList<>();

    public @Nullable Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(@Nullable Boolean enabled) {
        this.enabled = enabled;
    }

    public @Nullable String getPath() {
        return path;
    }

    public void setPath(@Nullable String path) {
        this.path = path;
    }

    public String getReadRole() {
        return readRole;
    }

    public void setReadRole(String readRole) {
        this.readRole = readRole;
    }

    public String getWriteRole() {
        return writeRole;
    }

    public void setWriteRole(String writeRole) {
        this.writeRole = writeRole;
    }

    public @Nullable String getTokens() {
        return tokens;
    }

    public void setTokens(@Nullable String tokens) {
        this.tokens = tokens;
    }

    public List<String> getEndpoints() {
        return endpoints;
    }

    public void setEndpoints(List<String> endpoints) {
        this.endpoints = endpoints;
    }

    public @Nullable String getCsrfKey() {
        return csrfKey;
    }

    public void setCsrfKey(@Nullable String csrfKey) {
        this.csrfKey = csrfKey;
    }

    /**
     * Per action (replay, requeue, resolve, skip, pause, resume): the role that may take it and the fields it requires
     * (reason, ticketId, fixSummary); unset actions keep ConsoleConfig's defaults (any operator, a reason to resolve).
     */
    private Map<String, Action> actions = new LinkedHashMap<>();

    public Map<String, Action> getActions() {
        return actions;
    }

    public void setActions(Map<String, Action> actions) {
        this.actions = actions;
    }

    /** {@code hookguard.console.actions.<action>.*}: who may take one action and what it requires. */
    public static class Action {

        /** The role that may take the action; unset is operator, any operator with write access. */
        private @Nullable String role;

        /** The fields the action requires: reason, ticketId, fixSummary. */
        private List<String> requires = new ArrayList<>();

        public @Nullable String getRole() {
            return role;
        }

        public void setRole(@Nullable String role) {
            this.role = role;
        }

        public List<String> getRequires() {
            return requires;
        }

        public void setRequires(List<String> requires) {
            this.requires = requires;
        }
    }

    public List<String> getRedactHeaders() {
        return redactHeaders;
    }

    public void setRedactHeaders(List<String> redactHeaders) {
        this.redactHeaders = redactHeaders;
    }
}
