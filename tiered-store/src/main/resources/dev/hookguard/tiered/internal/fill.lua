-- Caches one settled verdict, unless an operator's eviction left a tombstone on the key.
-- KEYS[1] the event's cache key; ARGV: ttl ms, status code, fingerprint, HTTP status, body, body omitted (0/1),
-- content type present (0/1), content type
if redis.call('HEXISTS', KEYS[1], 'x') == 1 then
  return 0
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', '1', 's', ARGV[2], 'f', ARGV[3], 'c', ARGV[4], 'b', ARGV[5], 'o', ARGV[6])
if ARGV[7] == '1' then
  redis.call('HSET', KEYS[1], 't', ARGV[8])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
