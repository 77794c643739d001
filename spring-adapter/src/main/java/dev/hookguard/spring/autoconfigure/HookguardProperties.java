package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.HookguardSettings;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Hookguard's configuration properties, {@code hookguard.*}: the framework-neutral {@link HookguardSettings} (the
 * filter, the endpoints, the dispatcher, the hardening, the stores and the console; the same names as the servlet
 * filter's and the console servlet's init-params), plus the two settings only Spring has: {@code enabled} and {@code
 * security-check.*}. No value has a default here: unset values keep the builders' {@code DEFAULT_*}, and the
 * configuration metadata shows them (see {@code META-INF/additional-spring-configuration-metadata.json}).
 */
@ConfigurationProperties("hookguard")
public class HookguardProperties extends HookguardSettings {

    /** Whether Hookguard is auto-configured (default true). */
    private @Nullable Boolean enabled;

    /** The start-up check that the application's Spring Security lets senders through to every guarded path. */
    private final SecurityCheck securityCheck = new SecurityCheck();

    public @Nullable Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(@Nullable Boolean enabled) {
        this.enabled = enabled;
    }

    public SecurityCheck getSecurityCheck() {
        return securityCheck;
    }

    /** {@code hookguard.security-check.*}: the start-up check of the application's {@code SecurityFilterChain}s. */
    public static class SecurityCheck {

        /**
         * Whether start-up fails when the application's SecurityFilterChain would refuse a sender's anonymous POST
         * (no session, no CSRF token) to a guarded webhook path; checked only with Spring Security on the class path.
         */
        private @Nullable Boolean enabled;

        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }
    }
}
