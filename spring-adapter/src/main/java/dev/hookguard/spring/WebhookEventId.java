package dev.hookguard.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a handler method parameter to the event id that the Hookguard filter verified and deduplicates on: a {@code
 * String} receives the id, a {@link dev.hookguard.core.EventKey} the endpoint and the id. The value comes from the
 * filter's request attribute {@link dev.hookguard.servlet.HookguardFilter#EVENT_KEY_ATTRIBUTE}; it is never read from
 * the request again, so it is the very id that was signed (for schemes that sign it).
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface WebhookEventId {}
