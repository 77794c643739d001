-- Run by run.sh between redis-benchmark's claim and complete phases, outside any measurement. A claim's token
-- is the server's time in µs, which redis-benchmark cannot carry from the claim's reply to the completion, so
-- this gives every record the claim phase created one known token, ARGV[3], rewriting only the token in field
-- m (format 2: token minus created * 1000); the complete phase then sends ARGV[3] and does the store's fenced
-- completion. Touches the records <prefix>:{<tag>:000000000000} … of the phase, which it names (not KEYS):
-- only for a standalone benchmark server.
--
-- ARGV[1]  the key prefix;  ARGV[2]  the phase's tag (the endpoint);  ARGV[3]  the token;  ARGV[4]  how many
--
-- Reply: how many records were pinned (each must be PROCESSING in format 2)
local token = tonumber(ARGV[3])
local pinned = 0
for i = 0, tonumber(ARGV[4]) - 1 do
  local key = string.format('%s:{%s:%012d}', ARGV[1], ARGV[2], i)
  local m = redis.call('HGET', key, 'm')
  local created, rest = string.match(m or '', '^2P%-?%d+,%d+,(%d+)(,.*)$')
  if created then
    local attempts = string.match(m, '^2P%-?%d+,(%d+),')
    redis.call('HSET', key, 'm', string.format('2P%d,%s,%s%s', token - tonumber(created) * 1000, attempts, created, rest))
    pinned = pinned + 1
  end
end
return pinned
