package dev.hookguard.servlet.internal.body;

import java.io.OutputStream;
import java.util.Arrays;

/** Bytes kept for replay, up to the cap; past it, only the fact that there were more. */
public final class BodyCapture extends OutputStream {
    private final int cap;
    private byte[] bytes = new byte[64];
    private int size;
    private boolean overflowed;

    BodyCapture(int cap) {
        this.cap = cap;
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        if (overflowed || size + len > cap) {
            overflowed = true;
            return;
        }
        if (size + len > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + len));
        }
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    synchronized void clear() {
        size = 0;
        overflowed = false;
    }

    synchronized boolean overflowed() {
        return overflowed;
    }

    synchronized byte[] bytes() {
        return Arrays.copyOf(bytes, size);
    }
}
