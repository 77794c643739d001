package dev.hookguard.spring.internal.actuate;

import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.ClassUtils;

/**
 * Imports the health indicator of the running Spring Boot line, by name, so that the other line's API is never
 * loaded: Boot 3's {@code org.springframework.boot.actuate.health} is looked for first (Boot 4 no longer has it), then
 * Boot 4's {@code org.springframework.boot.health.contributor}.
 */
public final class HealthConfigurationSelector implements ImportSelector {

    static final String BOOT_3_HEALTH = "org.springframework.boot.actuate.health.HealthIndicator";
    static final String BOOT_3_CONDITION =
            "org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator";
    static final String BOOT_4_HEALTH = "org.springframework.boot.health.contributor.HealthIndicator";
    static final String BOOT_4_CONDITION =
            "org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator";
    static final String BOOT_3_CONFIGURATION = "dev.hookguard.spring.internal.actuate.boot3.Boot3HealthConfiguration";
    static final String BOOT_4_CONFIGURATION = "dev.hookguard.spring.internal.actuate.boot4.Boot4HealthConfiguration";

    @Override
    public String[] selectImports(AnnotationMetadata metadata) {
        ClassLoader loader = HealthConfigurationSelector.class.getClassLoader();
        if (ClassUtils.isPresent(BOOT_3_HEALTH, loader)
                && ClassUtils.isPresent(BOOT_3_CONDITION, loader)
                && ClassUtils.isPresent(BOOT_3_CONFIGURATION, loader)) {
            return new String[] {BOOT_3_CONFIGURATION};
        }
        if (ClassUtils.isPresent(BOOT_4_HEALTH, loader) && ClassUtils.isPresent(BOOT_4_CONDITION, loader)) {
            return new String[] {BOOT_4_CONFIGURATION};
        }
        return new String[0];
    }
}
