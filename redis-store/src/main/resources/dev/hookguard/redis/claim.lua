-- Claims one event (DESIGN.md §3): creates it as PROCESSING, takes over a FAILED record or one whose
-- lease has expired, or reports what holds it. Lease expiry is judged by this server's clock.
--
-- KEYS[1]  the event's hash, <prefix>:{<endpoint>:<eventId>}
-- ARGV[1]  the delivery's fingerprint: 32 raw bytes (SHA-256)
-- ARGV[2]  the lease, in ms
-- ARGV[3]  how long an unfinished record is kept, in ms: the longer of retention and lease
--
-- Reply: {'acquired', token, attempt} | {'busy', remaining lease in ms} | {'mismatch'}
--      | {'duplicate', status, rs, rc, rb, ro} (missing fields are nil) | {'dead'}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

-- Field m, format version 1: '1', the status letter, then token, attempts, created (epoch ms), updated
-- (ms after created) and, when there is a response, its status, comma-separated: 1S1,1,1764406000123,333,200
local function parse(m)
  local status, token, attempts, created, _, rs = string.match(m, '^1(%u)(%d+),(%d+),(%d+),(%d+),?(%d*)$')
  if not status then
    error('hookguard: unknown record format ' .. string.sub(m, 1, 1))
  end
  return status, tonumber(token), tonumber(attempts), tonumber(created), rs
end

local function meta(status, token, attempts, created, rs)
  local m = string.format('1%s%d,%d,%d,%d', status, token, attempts, created, now - created)
  if rs ~= '' then
    m = m .. ',' .. rs
  end
  return m
end
local lease_until = string.format('%d', now + tonumber(ARGV[2]))

local r = redis.call('HMGET', KEYS[1], 'm', 'f', 'l')
if not r[1] then
  redis.call('HSET', KEYS[1], 'm', meta('P', 1, 1, now, ''), 'f', ARGV[1], 'l', lease_until)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'acquired', 1, 1}
end
if r[2] ~= ARGV[1] then
  return {'mismatch'}
end
local status, token, attempts, created, rs = parse(r[1])
if status == 'P' and r[3] and now < tonumber(r[3]) then
  return {'busy', tonumber(r[3]) - now}
end
if status == 'P' or status == 'F' then
  redis.call('HSET', KEYS[1], 'm', meta('P', token + 1, attempts + 1, created, ''), 'l', lease_until)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'acquired', token + 1, attempts + 1}
end
if status == 'S' or status == 'R' then
  local resp = redis.call('HMGET', KEYS[1], 'rc', 'rb', 'ro')
  return {'duplicate', status, rs, resp[1], resp[2], resp[3]}
end
if status == 'D' then
  return {'dead'}
end
return redis.error_reply('hookguard: unknown record status ' .. status)
