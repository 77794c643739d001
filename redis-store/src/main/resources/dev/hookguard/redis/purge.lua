-- The archiver deletes a dead letter its archive holds: the hash only if it is still DEAD or REJECTED and its
-- updated time is the one the archive wrote (unchanged since). No history, no audit: the record is gone.
--
-- KEYS[1]  the event's hash
-- ARGV[1]  the updated time the archive holds, epoch ms
--
-- Reply: {'updated', open index mark ('' if none), due time it had ('' if none)} | {'not_found'}
--      | {'wrong_state'}
local r = redis.call('HMGET', KEYS[1], 'm', 'o', 'n')
if not r[1] then
  return {'not_found'}
end
local status, _, _, created = parse(r[1])
local updated = created + math.max(0, tonumber(string.match(r[1], '^[12]%u%-?%d+,%d+,%d+,(%-?%d+)')))
if (status ~= 'D' and status ~= 'R') or string.format('%d', updated) ~= ARGV[1] then
  return {'wrong_state'}
end
redis.call('DEL', KEYS[1])
return {'updated', r[2] or '', r[3] or ''}
