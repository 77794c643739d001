package dev.hookguard.spring.internal.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;

/** Matches unless {@code hookguard.enabled} is {@code false}: every Hookguard auto-configuration carries it. */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ConditionalOnProperty(prefix = "hookguard", name = "enabled", havingValue = "true", matchIfMissing = true)
public @interface ConditionalOnHookguardEnabled {}
