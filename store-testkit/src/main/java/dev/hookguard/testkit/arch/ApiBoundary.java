package dev.hookguard.testkit.arch;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The API boundary of a Hookguard module, as three ArchUnit rules (DESIGN.md §10): (a) no API type exposes a type
 * of an {@code internal} package in a public or protected signature (fields, parameters, returns, supertypes);
 * (b) a module uses another module's {@code internal} packages only through the listed seams; (c) every public
 * top-level type outside the {@code internal} packages lives in a declared API package, and their number stays at
 * most the module's ceiling, so that a new public API type is a decision made in the module's boundary test.
 *
 * <p>Each module's {@code ApiBoundaryTest} declares its boundary and asserts that {@link #violations()} is empty.
 *
 * @param name the module, for messages
 * @param rootPackage the module's root package, e.g. {@code dev.hookguard.servlet}
 * @param apiPackages the packages whose public types are the module's API
 * @param ceiling the most public top-level types the API packages may hold
 * @param seams the internal types of other modules this module may use, by qualified name
 * @param exposed the internal types that API signatures still expose, by qualified name: a listed debt that only
 *     shrinks; any other internal type in an API signature fails
 */
public record ApiBoundary(
        String name, String rootPackage, Set<String> apiPackages, int ceiling, Set<String> seams, Set<String> exposed) {

    /** The marker of an internal package: a package segment named {@code internal}. */
    public static final String INTERNAL = ".internal";

    /** Copies the sets. */
    public ApiBoundary {
        apiPackages = Set.copyOf(apiPackages);
        seams = Set.copyOf(seams);
        exposed = Set.copyOf(exposed);
    }

    /** The module's main classes (tests left out), from the class path. */
    public JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(rootPackage);
    }

    /** The violations of the three rules and of the ceiling on the module's main classes; empty when it keeps them. */
    public List<String> violations() {
        return violations(mainClasses());
    }

    /** The violations of the three rules and of the ceiling on {@code classes}, one report each. */
    public List<String> violations(JavaClasses classes) {
        List<String> failures = new ArrayList<>();
        for (ArchRule rule : List.of(noInternalInApi(exposed), onlySeamsInto(rootPackage, seams), publicTypesInApi())) {
            EvaluationResult result = rule.evaluate(classes);
            if (result.hasViolation()) {
                failures.add(result.getFailureReport().toString());
            }
        }
        Set<String> api = publicApiTypes(classes);
        if (api.size() > ceiling) {
            failures.add(
                    name + ": " + api.size() + " public API types, more than the ceiling of " + ceiling + ": " + api);
        }
        return failures;
    }

    /** Fails with every violation of {@link #violations(JavaClasses)}. */
    public void check(JavaClasses classes) {
        List<String> failures = violations(classes);
        if (!failures.isEmpty()) {
            throw new AssertionError(String.join("\n", failures));
        }
    }

    /** The public top-level types outside the internal packages, by qualified name. */
    public static Set<String> publicApiTypes(JavaClasses classes) {
        Set<String> names = new TreeSet<>();
        for (JavaClass c : classes) {
            if (c.isTopLevelClass()
                    && isPublic(c)
                    && !isInternal(c)
                    && !c.getSimpleName().equals("package-info")) {
                names.add(c.getName());
            }
        }
        return names;
    }

    /** Rule (a): an API type exposes no internal type in a public or protected signature, but the listed ones. */
    public static ArchRule noInternalInApi(Set<String> exposed) {
        return ArchRuleDefinition.classes()
                .should(new ArchCondition<>("expose no type of an internal package in a public signature") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (!isExposed(c)) {
                            return;
                        }
                        List<String> leaks = new ArrayList<>();
                        c.getSuperclass().ifPresent(t -> leaks(t, c.getName() + " extends ", exposed, leaks));
                        c.getInterfaces().forEach(t -> leaks(t, c.getName() + " implements ", exposed, leaks));
                        for (JavaField f : c.getFields()) {
                            if (visible(f.getModifiers())) {
                                leaks(f.getType(), "field " + f.getFullName() + ": ", exposed, leaks);
                            }
                        }
                        for (JavaCodeUnit m : c.getCodeUnits()) {
                            if (!visible(m.getModifiers()) || m.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                                continue;
                            }
                            leaks(m.getReturnType(), m.getFullName() + " returns ", exposed, leaks);
                            m.getParameterTypes().forEach(t -> leaks(t, m.getFullName() + " takes ", exposed, leaks));
                        }
                        leaks.forEach(l -> events.add(SimpleConditionEvent.violated(c, l)));
                    }
                });
    }

    /** Rule (b): classes of {@code root} use other modules' internal types only through {@code seams}. */
    public static ArchRule onlySeamsInto(String root, Set<String> seams) {
        return ArchRuleDefinition.classes()
                .should(new ArchCondition<>("use other modules' internal packages only through the listed seams") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        for (Dependency d : c.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String top = topLevel(target).getName();
                            if (isInternal(target)
                                    && !target.getPackageName().startsWith(root)
                                    && !seams.contains(top)) {
                                events.add(
                                        SimpleConditionEvent.violated(c, d.getDescription() + " (not a listed seam)"));
                            }
                        }
                    }
                });
    }

    /** Rule (c): public top-level types outside the internal packages live in the API packages. */
    public ArchRule publicTypesInApi() {
        return ArchRuleDefinition.classes()
                .should(new ArchCondition<>("be public only in the API packages " + apiPackages + " or internal") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (c.isTopLevelClass()
                                && isPublic(c)
                                && !isInternal(c)
                                && !apiPackages.contains(c.getPackageName())) {
                            events.add(SimpleConditionEvent.violated(
                                    c, c.getName() + " is public outside the API packages and the internal ones"));
                        }
                    }
                });
    }

    private static void leaks(JavaType type, String where, Set<String> exposed, List<String> leaks) {
        for (JavaClass raw : type.getAllInvolvedRawTypes()) {
            JavaClass base = raw.getBaseComponentType();
            if (isInternal(base) && !exposed.contains(topLevel(base).getName())) {
                leaks.add(where + base.getName());
            }
        }
    }

    private static boolean isExposed(JavaClass c) {
        if (!isPublic(c) || isInternal(c)) {
            return false;
        }
        return c.getEnclosingClass().map(ApiBoundary::isExposed).orElse(true);
    }

    private static JavaClass topLevel(JavaClass c) {
        return c.getEnclosingClass().map(ApiBoundary::topLevel).orElse(c);
    }

    private static boolean isPublic(JavaClass c) {
        return c.getModifiers().contains(JavaModifier.PUBLIC);
    }

    private static boolean visible(Set<JavaModifier> modifiers) {
        return Stream.of(JavaModifier.PUBLIC, JavaModifier.PROTECTED).anyMatch(modifiers::contains);
    }

    /** Whether the class lives in an internal package ({@code ….internal} or {@code ….internal.…}). */
    public static boolean isInternal(JavaClass c) {
        String p = c.getPackageName();
        return p.endsWith(INTERNAL) || p.contains(INTERNAL + ".");
    }
}
