package dev.hookguard.spring;

import dev.hookguard.spring.internal.web.HookguardWebMvcConfiguration;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Wires Hookguard into a Spring MVC application that does not use Spring Boot: it declares the filter bean {@code
 * hookguardFilter} (a {@link dev.hookguard.spring.internal.web.HookguardWebFilter}) and the MVC configuration that resolves
 * {@link WebhookEventId} parameters and refuses unguarded {@link IdempotentWebhook} handlers. The application supplies
 * an {@link dev.hookguard.core.IdempotencyStore} bean and one {@link dev.hookguard.servlet.EndpointConfig} bean per
 * endpoint (its path may be left unset: the adapter takes it from the mappings of the handlers that name the
 * endpoint), and registers
 * the filter in front of the {@code DispatcherServlet} with {@code new DelegatingFilterProxy("hookguardFilter")}
 * (async supported, for {@code REQUEST} dispatches).
 *
 * <p>How it relates to Spring Boot's {@code hookguard.*} properties: there is one wiring and one set of inputs.
 * Spring Boot's auto-configuration declares the same two beans (and backs off when this annotation already did),
 * and turns {@code hookguard.endpoints.*} into endpoint definitions beside any {@code EndpointConfig} beans; a name
 * defined twice fails start-up. So in a Boot application this annotation changes nothing; without Boot, properties
 * are not read at all. Combining it with {@code hookguard.enabled=false} is a contradiction and fails start-up.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import(HookguardWebMvcConfiguration.class)
public @interface EnableHookguard {}
