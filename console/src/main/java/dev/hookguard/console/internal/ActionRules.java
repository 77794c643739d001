package dev.hookguard.console.internal;

import dev.hookguard.console.ConsoleAuthorizer.Operator;
import dev.hookguard.console.ConsoleConfig;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The roles and required fields of the operators' actions ({@link ConsoleConfig#actionRoles()}, {@link
 * ConsoleConfig#actionFields()}): validated once, checked on every write before it reaches the store (403 naming the
 * role, 400 naming the missing field), shown to the page by {@code api/session}, and the fields kept in the audit
 * history's note ({@link #note}).
 */
public final class ActionRules {

    private static final Set<String> FIELDS =
            Set.of(ConsoleConfig.REASON, ConsoleConfig.TICKET_ID, ConsoleConfig.FIX_SUMMARY);
    private static final Map<String, String> LABELS = Map.of(
            ConsoleConfig.REASON, "a reason (note)",
            ConsoleConfig.TICKET_ID, "a ticket id (ticketId)",
            ConsoleConfig.FIX_SUMMARY, "a fix summary (fixSummary)");

    private final Map<String, String> roles;
    private final Map<String, Set<String>> fields;

    ActionRules(ConsoleConfig config) {
        this.roles = config.actionRoles();
        this.fields = config.actionFields();
    }

    /** The roles, checked: known actions, roles not blank; sorted and unmodifiable. */
    public static Map<String, String> roles(Map<String, String> roles) {
        Map<String, String> checked = new TreeMap<>();
        roles.forEach((action, role) -> {
            requireAction(action);
            if (role == null || role.isBlank()) {
                throw new IllegalArgumentException(
                        "the role of action " + action + " must not be blank but was '" + role + "'");
            }
            checked.put(action, role.trim());
        });
        return java.util.Collections.unmodifiableMap(checked);
    }

    /** The required fields, checked: known actions and fields; sorted and unmodifiable. */
    public static Map<String, Set<String>> fields(Map<String, Set<String>> fields) {
        Map<String, Set<String>> checked = new TreeMap<>();
        fields.forEach((action, required) -> {
            requireAction(action);
            for (String field : required) {
                if (!FIELDS.contains(field)) {
                    throw new IllegalArgumentException("a required field of action " + action
                            + " must be reason, ticketId or fixSummary but was '" + field + "'");
                }
            }
            checked.put(action, java.util.Collections.unmodifiableSortedSet(new TreeSet<>(required)));
        });
        return java.util.Collections.unmodifiableMap(checked);
    }

    private static void requireAction(String action) {
        if (!ConsoleConfig.ACTIONS.contains(action)) {
            throw new IllegalArgumentException(
                    "action must be one of " + new TreeSet<>(ConsoleConfig.ACTIONS) + " but was '" + action + "'");
        }
    }

    /** The role of the action. */
    String role(String action) {
        return roles.getOrDefault(action, ConsoleConfig.DEFAULT_ACTION_ROLE);
    }

    /** The fields the action requires, sorted. */
    Set<String> required(String action) {
        return fields.getOrDefault(action, Set.of());
    }

    /** Whether this operator (with write access) may take the action. */
    boolean allows(String action, Operator operator, HttpServletRequest request) {
        String role = role(action);
        return operator.canWrite()
                && (role.equals(ConsoleConfig.DEFAULT_ACTION_ROLE)
                        || operator.roles().contains(role)
                        || request.isUserInRole(role));
    }

    /**
     * Null when the operator may take the action with these fields, else the refusal: 403 naming the role, or 400
     * naming the first missing field.
     */
    OperatorService.@Nullable Answer refusal(
            String action, Operator operator, HttpServletRequest request, Function<String, @Nullable String> given) {
        if (!allows(action, operator, request)) {
            return OperatorService.Answer.error(
                    403,
                    action + " needs the role " + role(action) + ", which operator " + operator.name()
                            + " does not have");
        }
        for (String field : required(action)) {
            String value = given.apply(field);
            if (value == null || value.isBlank()) {
                return OperatorService.Answer.error(400, action + " needs " + LABELS.get(field));
            }
        }
        return null;
    }

    /**
     * The note the audit history keeps: the reason, then the ticket id and the fix summary when given, for example
     * {@code card expired | ticket INC-7 | fix: customer updated the card}; null when none is given.
     */
    static @Nullable String note(Function<String, @Nullable String> given) {
        List<String> parts = new java.util.ArrayList<>();
        add(parts, "", given.apply(ConsoleConfig.REASON));
        add(parts, "ticket ", given.apply(ConsoleConfig.TICKET_ID));
        add(parts, "fix: ", given.apply(ConsoleConfig.FIX_SUMMARY));
        return parts.isEmpty() ? null : String.join(" | ", parts);
    }

    private static void add(List<String> parts, String label, @Nullable String value) {
        if (value != null && !value.isBlank()) {
            parts.add(label + value.strip());
        }
    }

    /** What the page shows: per action, whether this operator may take it, its role and its required fields. */
    Map<String, Object> view(Operator operator, HttpServletRequest request) {
        Map<String, Object> view = new LinkedHashMap<>();
        for (String action : new TreeSet<>(ConsoleConfig.ACTIONS)) {
            Map<String, Object> rule = new LinkedHashMap<>();
            rule.put("allowed", allows(action, operator, request));
            rule.put("role", role(action));
            rule.put("requires", List.copyOf(required(action)));
            view.put(action, rule);
        }
        return view;
    }
}
