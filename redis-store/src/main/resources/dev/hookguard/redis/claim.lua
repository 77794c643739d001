-- Claims one event (DESIGN.md §3): creates it as PROCESSING, takes over a FAILED record or one whose
-- lease has expired, or reports what holds it. Lease expiry is judged by this server's clock.
--
-- KEYS[1]  the event's hash, <prefix>:{<endpoint>:<eventId>}
-- ARGV[1]  the delivery's fingerprint: 32 raw bytes (SHA-256)
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms: the longer of retention and lease
-- ARGV[4]  the format version to write into a new record
--
-- Reply: {'acquired', token, attempt} | {'busy', remaining lease in ms} | {'mismatch'}
--      | {'duplicate', status, rs, rc, rb, ro} (missing fields are nil) | {'dead'}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local now_s = string.format('%d', now)
local lease_until = string.format('%d', now + tonumber(ARGV[2]))

local r = redis.call('HMGET', KEYS[1], 's', 'f', 't', 'a', 'l')
local status = r[1]
if not status then
  redis.call('HSET', KEYS[1], 'v', ARGV[4], 's', 'P', 'f', ARGV[1], 't', '1', 'a', '1',
    'l', lease_until, 'c', now_s, 'u', now_s)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'acquired', 1, 1}
end
if r[2] ~= ARGV[1] then
  return {'mismatch'}
end
if status == 'P' and r[5] and now < tonumber(r[5]) then
  return {'busy', tonumber(r[5]) - now}
end
if status == 'P' or status == 'F' then
  local token = tonumber(r[3]) + 1
  local attempt = tonumber(r[4]) + 1
  redis.call('HSET', KEYS[1], 's', 'P', 't', string.format('%d', token), 'a', string.format('%d', attempt),
    'l', lease_until, 'u', now_s)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'acquired', token, attempt}
end
if status == 'S' or status == 'R' then
  local resp = redis.call('HMGET', KEYS[1], 'rs', 'rc', 'rb', 'ro')
  return {'duplicate', status, resp[1], resp[2], resp[3], resp[4]}
end
if status == 'D' then
  return {'dead'}
end
return redis.error_reply('hookguard: unknown record status ' .. status)
