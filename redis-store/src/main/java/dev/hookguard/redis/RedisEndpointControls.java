package dev.hookguard.redis;

import dev.hookguard.core.operator.EndpointControls;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The {@link EndpointControls} on Redis: one hash per endpoint, {@code <prefix>:ctl:{<endpoint>}}, never expiring, with
 * the fields {@code v} format version (1), {@code p} paused ({@code 1}/{@code 0}), {@code k} the last action, {@code a}
 * its operator, {@code t} its time (epoch ms, the server's {@code TIME}), {@code e} its note. A change is one {@code
 * EVALSHA} of {@code endpoint-control.lua}; a read is one {@code HGETALL}.
 */
final class RedisEndpointControls {

    private final RedisGateway redis;
    private final RedisKeys keys;

    RedisEndpointControls(RedisGateway redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    EndpointState change(String endpoint, boolean paused, OperatorAction action, String name) {
        List<Object> reply = redis.eval(
                LuaScript.ENDPOINT_CONTROL,
                keys.controls(endpoint),
                bytes(paused ? "1" : "0"),
                bytes(name),
                bytes(action.actor()),
                bytes(action.note() == null ? "" : action.note()));
        Instant at = Instant.ofEpochMilli(((Number) reply.get(0)).longValue());
        return new EndpointState(endpoint, paused, action.entry(at, name));
    }

    EndpointState read(String endpoint) {
        Map<String, byte[]> hash = redis.hgetall(keys.controls(endpoint));
        if (hash.get("p") == null) {
            return EndpointState.running(endpoint);
        }
        AuditEntry last = new AuditEntry(
                Instant.ofEpochMilli(Long.parseLong(text(hash.get("t")))),
                text(hash.get("a")),
                text(hash.get("k")),
                hash.get("e") == null ? null : text(hash.get("e")));
        return new EndpointState(endpoint, "1".equals(text(hash.get("p"))), last);
    }

    private static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] value) {
        return new String(value, StandardCharsets.UTF_8);
    }
}
