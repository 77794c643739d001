package dev.hookguard.benchmarks.filter;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /alloc}: the bytes the server's live threads have allocated so far, summed ({@code
 * com.sun.management.ThreadMXBean#getThreadAllocatedBytes}), as one decimal number. {@code run.sh} reads it before
 * and after each {@code wrk} run and divides the difference by the requests served: the bytes allocated per
 * request, of Jetty and the handler alone on {@code /bare}, and with the filter on the guarded paths. Threads that
 * ended in between are not counted (Jetty keeps its pool's threads).
 */
public final class AllocationServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] text = Long.toString(allocatedBytes()).getBytes(StandardCharsets.US_ASCII);
        response.setContentType("text/plain");
        response.setContentLength(text.length);
        response.getOutputStream().write(text);
    }

    /** The bytes allocated by every live thread so far; -1 where the JVM does not count them. */
    static long allocatedBytes() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            return -1;
        }
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(bytes, 0);
        }
        return sum;
    }
}
