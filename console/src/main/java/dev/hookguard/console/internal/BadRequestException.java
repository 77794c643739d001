package dev.hookguard.console.internal;

/** A client's mistake in a console request: answered 400 with the message, which names the bad value. */
public final class BadRequestException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BadRequestException(String message) {
        super(message, null, false, false);
    }
}
