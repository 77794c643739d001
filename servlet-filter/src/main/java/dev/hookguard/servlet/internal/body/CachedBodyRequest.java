package dev.hookguard.servlet.internal.body;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request as the application sees it after the filter read and verified its body: {@code
 * getInputStream()}, {@code getReader()} and, for form posts, the {@code getParameter} family read the
 * cached bytes, as often as the application likes (each stream or reader starts at the beginning).
 *
 * <p>{@code startAsync()} starts asynchronous processing with this request and the filter's response
 * wrapper, so that a handler that completes asynchronously still writes through the capturing response.
 */
public final class CachedBodyRequest extends HttpServletRequestWrapper {

    private final byte[] body;
    private final ServletResponse response;
    private @Nullable Map<String, String[]> parameters;
    private volatile RecordingAsyncContext.@Nullable Hook asyncHook;
    private volatile @Nullable RecordingAsyncContext asyncContext;

    public CachedBodyRequest(HttpServletRequest request, byte[] body, ServletResponse response) {
        super(request);
        this.body = body;
        this.response = response;
    }

    @Override
    public ServletInputStream getInputStream() {
        return new CachedInputStream(body);
    }

    @Override
    public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), charset()));
    }

    @Override
    public @Nullable String getParameter(String name) {
        String[] values = parameters().get(name);
        return values == null || values.length == 0 ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public String @Nullable [] getParameterValues(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }

    /** What an asynchronous handler's {@code complete()} runs first. */
    public void asyncHook(RecordingAsyncContext.Hook hook) {
        this.asyncHook = hook;
    }

    @Override
    public AsyncContext startAsync() {
        return recording(getRequest().startAsync(this, response));
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
        return recording(getRequest().startAsync(request, response));
    }

    @Override
    public AsyncContext getAsyncContext() {
        AsyncContext context = getRequest().getAsyncContext();
        RecordingAsyncContext recording = asyncContext;
        return recording != null && recording.wraps(context) ? recording : context;
    }

    private AsyncContext recording(AsyncContext context) {
        RecordingAsyncContext.Hook hook = asyncHook;
        if (hook == null) {
            return context;
        }
        RecordingAsyncContext recording = new RecordingAsyncContext(context, hook);
        asyncContext = recording;
        return recording;
    }

    private Map<String, String[]> parameters() {
        if (parameters == null) {
            parameters = FormParameters.parse(getQueryString(), getContentType(), charset(), body);
        }
        return parameters;
    }

    private Charset charset() {
        String name = getCharacterEncoding();
        if (name == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /** A fresh stream over the cached body; it is always ready, so non-blocking readers work too. */
    private static final class CachedInputStream extends ServletInputStream {
        private final ByteArrayInputStream in;

        CachedInputStream(byte[] body) {
            this.in = new ByteArrayInputStream(body);
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, len);
        }

        // The bulk reads go to ByteArrayInputStream's own, which copy what is left once; InputStream's defaults
        // would read it through 8 KiB buffers and copy it again (the handler's readAllBytes is the common call).
        @Override
        public byte[] readAllBytes() {
            return in.readAllBytes();
        }

        @Override
        public byte[] readNBytes(int len) throws IOException {
            return in.readNBytes(len);
        }

        @Override
        public int readNBytes(byte[] b, int off, int len) {
            return in.readNBytes(b, off, len);
        }

        @Override
        public long skip(long n) {
            return in.skip(n);
        }

        @Override
        public int available() {
            return in.available();
        }

        @Override
        public long transferTo(OutputStream out) throws IOException {
            return in.transferTo(out);
        }

        @Override
        public boolean isFinished() {
            return in.available() == 0;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            try {
                if (!isFinished()) {
                    listener.onDataAvailable();
                }
                if (isFinished()) {
                    listener.onAllDataRead();
                }
            } catch (IOException e) {
                listener.onError(e);
            }
        }
    }
}
