-- Claims one event (DESIGN.md §3): creates it as PROCESSING, takes over a FAILED or QUEUED record or one
-- whose lease has expired (a new token, attempts + 1, out of the due queue), or reports what holds it. Lease
-- expiry is judged by this server's clock. A record it opens has an entry in the endpoint's open index under
-- a fresh mark (its score), which the record keeps in field o, so whoever settles it can drop the entry. With
-- KEYS[2] (one server holds both keys: standalone, Sentinel) this script writes that entry itself, in the same
-- atomic step as the record, and only when it opens the record: a duplicate writes nothing. Without it (a
-- cluster, where the index lives in another slot) the caller has added the entry first, under the mark.
--
-- KEYS[1]  the event's hash, <prefix>:{<endpoint>:<eventId>}
-- KEYS[2]  optional: the endpoint's open index, <prefix>:open:{<endpoint>}
-- ARGV[1]  the delivery's fingerprint: 32 raw bytes (SHA-256)
-- ARGV[2]  what opening a record takes, space-separated (one argument, not four: every argument costs a
--          duplicate, which needs none of them, about 1 600 server instructions): the lease in ms, how long an
--          unfinished record is kept in ms (the longer of retention and lease), the mark (score) of the event's
--          entry in the open index, and with KEYS[2] the event id, the index's member (event ids have no spaces)
-- ARGV[3]  optional: the payload's headers, JSON, kept with a new record or one taken over that keeps no payload
--          (endpoints whose sender does not redeliver, DESIGN.md §8); absent for the plain claim
-- ARGV[4]  with ARGV[3]: the payload's body; empty for none
--
-- Reply: {'acquired', token, attempt, due time it had ('' if none)} | {'busy', remaining lease in ms}
--      | {'mismatch'} | {'duplicate', field m, rc, rb, ro} (missing fields are nil; the caller reads the status
--      and the response status from m) | {'dead'}

-- One read serves a new event and a settled duplicate (the common one: its reply needs the stored response);
-- the lease and the due time are read only for a record that is not settled. A settled duplicate is answered
-- here, before the prelude, so it pays for none of the prelude's functions (Redis makes each one anew on every
-- call): no clock, no number parsed, nothing written. An m of a format this version does not know goes on to
-- status_of below, which refuses it.
local r = redis.call('HMGET', KEYS[1], 'm', 'f', 'rc', 'rb', 'ro')
if r[1] and r[2] == ARGV[1] then
  local version, held = string.byte(r[1], 1, 2)
  if (held == 83 or held == 82) and (version == 50 or version == 49) then -- 'S' or 'R'; format '2' or '1'
    return {'duplicate', r[1], r[3], r[4], r[5]}
  end
end
-- @prelude
local lease_ms, ttl, mark, member = string.match(ARGV[2], '^(%d+) (%d+) (%d+) ?(%S*)$')
if not lease_ms then
  return redis.error_reply('hookguard: the claim needs lease, TTL, mark and member in ARGV[2], not ' .. ARGV[2])
end

-- writes a record this script opens: field m, the lease, the mark, and the payload of ARGV[3..4] when keep is true
local function open_record(m, keep, ...)
  local lease_until = string.format('%d', now + tonumber(lease_ms))
  if keep and ARGV[3] then
    if ARGV[4] ~= '' then
      redis.call('HSET', KEYS[1], 'm', m, 'l', lease_until, 'o', mark, 'ph', ARGV[3], 'pb', ARGV[4], ...)
    else
      redis.call('HSET', KEYS[1], 'm', m, 'l', lease_until, 'o', mark, 'ph', ARGV[3], ...)
    end
  else
    redis.call('HSET', KEYS[1], 'm', m, 'l', lease_until, 'o', mark, ...)
  end
  redis.call('PEXPIRE', KEYS[1], ttl)
  if KEYS[2] then -- the open-index entry, in the same atomic step
    redis.call('ZADD', KEYS[2], mark, member)
  end
end

if not r[1] then
  clock()
  -- meta('P', now_us, 1, now, '') with the parts it knows are 1 and 0 written as text (two numbers formatted, not four)
  open_record(string.format('2P%d,1,%d,0', now_us - now * 1000, now), true, 'f', ARGV[1])
  return {'acquired', now_us, 1, ''}
end
if r[2] ~= ARGV[1] then
  return {'mismatch'}
end
local held = status_of(r[1]) -- not S or R: those were answered above
if held == 'D' then
  return {'dead'}
end
local status, token, attempts, created = parse(r[1])
local lease, due = unpack(redis.call('HMGET', KEYS[1], 'l', 'n')) -- PROCESSING, FAILED or QUEUED
clock()
if status == 'P' and lease and now < tonumber(lease) then
  if not KEYS[2] then -- the caller's ZADD moved the entry to its mark: the record follows
    redis.call('HSET', KEYS[1], 'o', mark)
  end
  return {'busy', tonumber(lease) - now}
end
if status == 'P' or status == 'F' or status == 'Q' then
  local next = next_token(token)
  if due then
    redis.call('HDEL', KEYS[1], 'n')
  end
  local keep = ARGV[3] and redis.call('HEXISTS', KEYS[1], 'ph') == 0
  open_record(meta('P', next, attempts + 1, created, ''), keep)
  return {'acquired', next, attempts + 1, due or ''}
end
return redis.error_reply('hookguard: unknown record status ' .. status)
