package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.spring.HookguardConfigurationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Prints a {@link HookguardConfigurationException} as Spring Boot prints its own start-up failures: what is wrong
 * (naming the property or handler) and what to change, without a stack trace to dig through.
 */
public class HookguardFailureAnalyzer extends AbstractFailureAnalyzer<HookguardConfigurationException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, HookguardConfigurationException cause) {
        return new FailureAnalysis("Hookguard is misconfigured: " + cause.getMessage(), cause.action(), cause);
    }
}
