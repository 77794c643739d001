-- The feature floor's claim, reported beside the Redis row (never its target, never Hookguard's script): the bare
-- claim plus the least that DESIGN.md's semantics ask of a claim of a new or settled event, and nothing else:
-- the delivery's fingerprint (a redelivery with another body is a mismatch, §3), a lease (a crashed receiver's
-- record is taken over once it ends), the endpoint's open index (it lets the Sweeper find a record that a crash
-- left PROCESSING, §1 rule 6), and a duplicate answered with the stored response to replay (§1 rule 4).
--
-- KEYS[1]  the event's hash
-- KEYS[2]  the endpoint's open index (a sorted set: member the event id, score the lease's end)
-- ARGV[1]  the delivery's fingerprint
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms
-- ARGV[4]  the event id
--
-- Reply: {1, token} acquired | {0, status, stored response} held | {2} mismatch (nothing written)
local r = redis.call('HMGET', KEYS[1], 's', 'f', 'r')
if r[1] then
  if r[2] ~= ARGV[1] then
    return {2}
  end
  return {0, r[1], r[3]}
end
local t = redis.call('TIME')
local token = t[1] .. string.format('%06d', tonumber(t[2]))
local lease_until = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2]))
redis.call('HSET', KEYS[1], 's', 'P', 't', token, 'f', ARGV[1], 'l', lease_until)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], lease_until, ARGV[4])
return {1, token}
