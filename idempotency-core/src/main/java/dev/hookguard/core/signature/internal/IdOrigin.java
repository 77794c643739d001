package dev.hookguard.core.signature.internal;

/** Where an extracted event id came from. */
public enum IdOrigin {
    /** A request header, such as {@code webhook-id} or {@code X-GitHub-Delivery}. */
    HEADER,
    /** A field of the JSON body, such as Stripe's top-level {@code id}. */
    BODY_FIELD,
    /** No id was found; the id is the lower-case hex SHA-256 of the raw body. */
    BODY_HASH
}
