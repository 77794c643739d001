package dev.hookguard.examples.sender;

import java.util.Locale;

/** How the demo sender treats an answer that is not a 2xx, as {@code --sender} names it. */
public enum SenderKind {
    /**
     * Like Stripe or Svix: every copy is retried with exponential backoff and full jitter until it gets a 2xx or
     * runs out of attempts. The default; the receiver leaves the retries to the sender.
     */
    RETRYING,
    /**
     * Like GitHub: every delivery is sent once and never retried, whatever the answer (by default each event once,
     * without copies). The receiver's endpoints retry instead ({@code retries: receiver}), so a handler that fails
     * once still succeeds, through the dispatcher.
     */
    GITHUB;

    /** The kind of a {@code --sender} value: {@code retrying} or {@code github}. */
    public static SenderKind parse(String value) {
        for (SenderKind kind : values()) {
            if (kind.flag().equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("--sender must be retrying or github but was '" + value + "'");
    }

    /** The {@code --sender} value. */
    public String flag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
