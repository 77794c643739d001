package dev.hookguard.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The store's Lua scripts, each a resource file beside this class. A script on an event's hash is assembled
 * here from {@code prelude.lua} (the record format, the clock, the token rule, once for all scripts) and
 * its own file; an index script is its file alone. Of the prelude, a script carries only the functions it calls
 * (directly or through another of them), and every block that defines none: Redis creates a script's local
 * functions on every call, a few hundred instructions each, so a claim of a duplicate does not pay for the
 * audit history's. Each is loaded into Redis once with {@code SCRIPT LOAD}
 * and run with {@code EVALSHA} by the SHA-1 of exactly that text, computed here, so a script whose cache
 * entry was lost is recognised and loaded again. Every script touches only the keys it is given in
 * {@code KEYS}: one, except the claim and the completion, which on one server also keep the open index.
 */
enum LuaScript {
    /** Creates, reclaims or reports an event; see {@code claim.lua}. */
    CLAIM("claim.lua", true),
    /** Extends a held lease. */
    RENEW("renew.lua", true),
    /** Records SUCCEEDED or REJECTED. */
    COMPLETE("complete.lua", true),
    /** Records FAILED (due or not) or DEAD. */
    FAIL("fail.lua", true),
    /** Async intake: creates an event as QUEUED. */
    ENQUEUE("enqueue.lua", true),
    /** Second half of a pick: moves a reserved record's due time and returns it. */
    TAKE("take.lua", true),
    /** The record half of handing back a pick: due now, if it still holds the pick's reservation. */
    RELEASE("release.lua", true),
    /** The sweeper puts a FAILED or expired PROCESSING record into the due queue. */
    SCHEDULE("schedule.lua", true),
    /** An operator's replay: QUEUED, due now. */
    REPLAY("replay.lua", true),
    /** An operator's requeue of a dead letter: FAILED. */
    REQUEUE("requeue.lua", true),
    /** An operator's resolve or skip: SUCCEEDED. */
    RESOLVE("resolve.lua", true),
    /** The archiver deletes an archived dead letter that has not changed since. */
    PURGE("purge.lua", true),
    /** Adds an event to its endpoint's dead-letter index. */
    DEAD_LETTER_ADD("dead-letter-add.lua", false),
    /** Adds an event to its endpoint's due queue. */
    DUE_ADD("due-add.lua", false),
    /** Reserves due events for one picker. */
    DUE_PICK("due-pick.lua", false),
    /** Makes entries a pick reserved but could not take or drop due again. */
    DUE_RELEASE("due-release.lua", false),
    /** Depth, due count and oldest due time of a due queue. */
    DUE_STATS("due-stats.lua", false),
    /** Removes stale entries from a dead-letter index or due queue, fenced by its change counter. */
    INDEX_PRUNE("index-prune.lua", false),
    /** Puts an entry back in a dead-letter index or due queue after its record script, if a prune dropped it. */
    INDEX_ENSURE("index-ensure.lua", false),
    /** Removes one entry from an index if it still has the score the caller saw. */
    INDEX_REMOVE("index-remove.lua", false),
    /** Pauses or resumes an endpoint's dispatching. */
    ENDPOINT_CONTROL("endpoint-control.lua", false);

    /** The record-format prelude, prepended to every script on an event's hash (the parts it needs). */
    static final String PRELUDE = "prelude.lua";

    /**
     * A line of a record script where its prelude goes instead of the start: the code above it runs before Redis
     * makes the prelude's functions (anew on every call), for a fast path that needs none of them.
     */
    static final String PRELUDE_HERE = "-- @prelude\n";

    private final String resource;
    private final boolean onRecord;
    private final byte[] body;
    private final String sha;

    LuaScript(String resource, boolean onRecord) {
        this.resource = resource;
        this.onRecord = onRecord;
        byte[] own = read(resource);
        this.body = onRecord ? assemble(preludeFor(read(PRELUDE), own), own) : own;
        this.sha = sha1(body);
    }

    /** The resource file's name. */
    String resource() {
        return resource;
    }

    /** True for a script on an event's hash, which starts with the prelude. */
    boolean onRecord() {
        return onRecord;
    }

    /** The script's text, as Redis receives it. */
    byte[] body() {
        return body.clone();
    }

    /** The SHA-1 that {@code EVALSHA} names the script by. */
    String sha() {
        return sha;
    }

    /**
     * The blocks of the prelude (split at blank lines) that {@code script} needs, in their order: each block that
     * defines no function, and each {@code local function name(} block whose name the script calls, or a block it
     * needs calls. Comments are not read as calls.
     */
    static byte[] preludeFor(byte[] prelude, byte[] script) {
        // local, not static fields: an enum's constants are built before its static fields
        Pattern defining = Pattern.compile("(?m)^local function (\\w+)\\(");
        Pattern comment = Pattern.compile("--[^\\n]*");
        String[] blocks = new String(prelude, StandardCharsets.UTF_8).split("\n\n");
        Map<String, Integer> defines = new HashMap<>();
        for (int i = 0; i < blocks.length; i++) {
            Matcher name = defining.matcher(blocks[i]);
            if (name.find()) {
                defines.put(name.group(1), i);
            }
        }
        boolean[] needed = new boolean[blocks.length];
        Deque<String> calling = new ArrayDeque<>();
        calling.push(new String(script, StandardCharsets.UTF_8));
        for (int i = 0; i < blocks.length; i++) {
            if (!defining.matcher(blocks[i]).find()) {
                needed[i] = true;
                calling.push(blocks[i]);
            }
        }
        while (!calling.isEmpty()) {
            String code = comment.matcher(calling.pop()).replaceAll("");
            for (Map.Entry<String, Integer> function : defines.entrySet()) {
                int block = function.getValue();
                if (!needed[block]
                        && Pattern.compile("\\b" + function.getKey() + "\\(")
                                .matcher(code)
                                .find()) {
                    needed[block] = true;
                    calling.push(blocks[block]);
                }
            }
        }
        StringJoiner kept = new StringJoiner("\n\n");
        for (int i = 0; i < blocks.length; i++) {
            if (needed[i]) {
                kept.add(blocks[i]);
            }
        }
        return kept.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The script with its prelude: at its {@link #PRELUDE_HERE} line if it has one, else before it. */
    static byte[] assemble(byte[] prelude, byte[] script) {
        String text = new String(script, StandardCharsets.UTF_8);
        int here = text.indexOf(PRELUDE_HERE);
        int at = here < 0 ? 0 : here + PRELUDE_HERE.length();
        return (text.substring(0, at) + new String(prelude, StandardCharsets.UTF_8) + "\n" + text.substring(at))
                .getBytes(StandardCharsets.UTF_8);
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
