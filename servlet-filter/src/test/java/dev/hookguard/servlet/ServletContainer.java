package dev.hookguard.servlet;

import java.net.URI;

/** An embedded servlet container started on a free port; closing stops it. */
interface ServletContainer extends AutoCloseable {

    /** The base URI, such as {@code http://127.0.0.1:41234}. */
    URI base();

    @Override
    void close() throws Exception;

    /** Starts containers of one kind. */
    @FunctionalInterface
    interface Factory {
        ServletContainer start(WebApp app) throws Exception;
    }
}
