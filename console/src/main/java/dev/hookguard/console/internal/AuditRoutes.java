package dev.hookguard.console.internal;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The API's reads of an endpoint's audit trail: {@code audit} answers a page, newest first ({@code lines}, {@code
 * nextCursor}); {@code audit/export} streams every selected line as JSON Lines, {@value #PAGE} at a time. Both take
 * {@code endpoint} and the filters {@code actor} (exact), {@code action} (replay, requeue, resolve, skip, pause,
 * resume), {@code from} and {@code to} (ISO-8601 instants); the page also {@code cursor} and {@code limit}.
 */
final class AuditRoutes {

    /** Lines read per page of an export. */
    static final int PAGE = 200;

    private static final List<String> ACTIONS = List.of(
            AuditEntry.REPLAY,
            AuditEntry.REQUEUE,
            AuditEntry.RESOLVE,
            AuditEntry.SKIP,
            AuditEntry.PAUSE,
            AuditEntry.RESUME);

    private final OperatorStore store;
    private final ReadRoutes reads;
    private final OperatorService operator;

    AuditRoutes(OperatorStore store, ReadRoutes reads, OperatorService operator) {
        this.store = store;
        this.reads = reads;
        this.operator = operator;
    }

    /** One page of the filtered trail. */
    void page(HttpServletRequest request, HttpServletResponse response) throws IOException {
        AuditQuery query = query(request);
        int limit = operator.limit(request.getParameter("limit"));
        AuditPage page;
        try {
            page = store.audit(query, blankToNull(request.getParameter("cursor")), limit);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
        Map<String, @Nullable Object> body = new LinkedHashMap<>();
        body.put("endpoint", query.endpoint());
        body.put("lines", page.lines().stream().map(AuditRoutes::view).toList());
        body.put("nextCursor", page.nextCursor());
        Answers.answer(response, new OperatorService.Answer(200, body));
    }

    /**
     * Every line the filter selects as JSON Lines, newest first. If the store fails after the first page, the last
     * line is an {@code {"error": ...}} object, so that a reader can tell a cut export from a complete one.
     */
    void export(HttpServletRequest request, HttpServletResponse response) throws IOException {
        AuditQuery query = query(request);
        AuditPage page = store.audit(query, null, PAGE); // a store that fails here fails before anything is sent
        response.setStatus(200);
        response.setContentType("application/x-ndjson");
        response.setCharacterEncoding("UTF-8");
        response.setHeader(
                "Content-Disposition", "attachment; filename=\"hookguard-audit-" + query.endpoint() + ".jsonl\"");
        OutputStream out = response.getOutputStream();
        while (true) {
            for (AuditLine line : page.lines()) {
                Export.line(out, view(line));
            }
            out.flush();
            if (page.nextCursor() == null) {
                return;
            }
            try {
                page = store.audit(query, page.nextCursor(), PAGE);
            } catch (StoreUnavailableException e) {
                Export.line(out, Map.of("error", "the store became unreachable; this export is incomplete"));
                return;
            }
        }
    }

    private AuditQuery query(HttpServletRequest request) {
        String endpoint = reads.endpoint(request);
        OperatorService.Params params = ReadRoutes.params(request);
        String action = blankToNull(request.getParameter("action"));
        if (action != null && !ACTIONS.contains(action)) {
            throw new BadRequestException(
                    "action must be one of " + ACTIONS + " but was '" + Json.abbreviate(action) + "'");
        }
        try {
            return new AuditQuery(
                    endpoint,
                    blankToNull(request.getParameter("actor")),
                    action,
                    FilterParams.instant(params, FilterParams.FROM),
                    FilterParams.instant(params, FilterParams.TO));
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    /** A line as the page and the export show it. */
    static Map<String, @Nullable Object> view(AuditLine line) {
        Map<String, @Nullable Object> view = new LinkedHashMap<>();
        view.put("endpoint", line.endpoint());
        view.put("eventId", line.eventId());
        view.putAll(RecordJson.history(List.of(line.entry())).get(0));
        return view;
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
