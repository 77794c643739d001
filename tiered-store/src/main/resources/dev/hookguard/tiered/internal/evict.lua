-- Replaces whatever the cache holds for an event by a tombstone that refuses every later fill while it lives.
-- KEYS[1] the event's cache key; ARGV[1] the tombstone's time to live in ms
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', '1', 'x', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
