package dev.hookguard.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The store's Lua scripts, each a resource file beside this class. Each is loaded into Redis once with
 * {@code SCRIPT LOAD} and run with {@code EVALSHA} by its SHA-1, which is computed here, so a script whose
 * cache entry was lost is recognised and loaded again. Every script touches only the keys it is given in
 * {@code KEYS}, all in one cluster slot.
 */
enum LuaScript {
    /** Creates, reclaims or reports an event; see {@code claim.lua}. */
    CLAIM("claim.lua"),
    /** Extends a held lease. */
    RENEW("renew.lua"),
    /** Records SUCCEEDED or REJECTED. */
    COMPLETE("complete.lua"),
    /** Records FAILED or DEAD. */
    FAIL("fail.lua"),
    /** An operator's resolve of a dead letter. */
    RESOLVE("resolve.lua"),
    /** An operator's requeue of a dead letter. */
    REQUEUE("requeue.lua"),
    /** Adds an event to its endpoint's dead-letter index. */
    DEAD_LETTER_ADD("dead-letter-add.lua"),
    /** Reads a batch of a dead-letter index. */
    DEAD_LETTER_PAGE("dead-letter-page.lua"),
    /** Removes stale entries from a dead-letter index. */
    DEAD_LETTER_PRUNE("dead-letter-prune.lua");

    private final String resource;
    private final byte[] body;
    private final String sha;

    LuaScript(String resource) {
        this.resource = resource;
        this.body = read(resource);
        this.sha = sha1(body);
    }

    /** The resource file's name. */
    String resource() {
        return resource;
    }

    /** The script's text, as Redis receives it. */
    byte[] body() {
        return body.clone();
    }

    /** The SHA-1 that {@code EVALSHA} names the script by. */
    String sha() {
        return sha;
    }

    private static byte[] read(String resource) {
        try (InputStream in = LuaScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the Lua script " + resource + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Lua script " + resource, e);
        }
    }

    private static String sha1(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-1", e);
        }
    }
}
