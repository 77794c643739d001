-- An operator pauses or resumes an endpoint's dispatching: the endpoint's control hash keeps the state and
-- who changed it last, when (the server's clock) and why, in one command. The hash never expires.
--
-- KEYS[1]  the endpoint's control hash, <prefix>:ctl:{<endpoint>}
-- ARGV[1]  '1' to pause, '0' to resume
-- ARGV[2]  the action: 'pause' or 'resume'
-- ARGV[3]  the operator
-- ARGV[4]  the operator's note; empty for none
--
-- Reply: {when, in epoch ms}
local t = redis.call('TIME')
local now = string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
redis.call('HSET', KEYS[1], 'v', '1', 'p', ARGV[1], 'k', ARGV[2], 'a', ARGV[3], 't', now)
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'e', ARGV[4])
else
  redis.call('HDEL', KEYS[1], 'e')
end
return {tonumber(now)}
