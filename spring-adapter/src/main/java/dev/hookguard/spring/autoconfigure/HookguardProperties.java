package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.HookguardSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Hookguard's configuration properties, {@code hookguard.*}: the framework-neutral {@link HookguardSettings} bound by
 * Spring (the filter, the endpoints, the dispatcher, the hardening, the stores, the console, {@code enabled} and {@code
 * security-check.*}; the same names as the servlet filter's and the console servlet's init-params). An empty
 * subclass, as Resilience4j's Boot properties are: no value has a default here; unset values keep the builders' {@code
 * DEFAULT_*}, and the configuration metadata shows them (see {@code
 * META-INF/additional-spring-configuration-metadata.json}).
 */
@ConfigurationProperties("hookguard")
public class HookguardProperties extends HookguardSettings {}
