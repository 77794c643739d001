-- wrk script of the filter-overhead benchmark (benchmarks/run.sh).
--
-- Every request is a GitHub delivery of the same signed body under a new X-GitHub-Delivery id. GitHub signs the
-- body only, so one signature, computed before the run, stays valid for every request, and each request is a
-- first delivery that the filter verifies, claims, hands to the handler and completes (the benchmark endpoints
-- turn the body-hash key off; with it on, every request after the first would be a replay of the same body).
-- The bare path receives the very same requests.
--
-- Environment: HOOKGUARD_BENCH_BODY (the body file), HOOKGUARD_BENCH_SIGNATURE (the X-Hub-Signature-256 value),
-- HOOKGUARD_BENCH_RUN (a word unique to this wrk run, so that no two runs share a delivery id), and optionally
-- HOOKGUARD_BENCH_DELAY_MS: a pause before each request of a connection, for a paced, lightly loaded run.

local pause = tonumber(os.getenv("HOOKGUARD_BENCH_DELAY_MS") or "")
if pause then
  function delay()
    return pause
  end
end

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local body
local headers
local prefix
local counter = 0

function init(args)
  local file = assert(io.open(assert(os.getenv("HOOKGUARD_BENCH_BODY")), "rb"))
  body = file:read("*a")
  file:close()
  headers = {
    ["Content-Type"] = "application/json",
    ["X-GitHub-Event"] = "push",
    ["X-Hub-Signature-256"] = assert(os.getenv("HOOKGUARD_BENCH_SIGNATURE")),
  }
  prefix = assert(os.getenv("HOOKGUARD_BENCH_RUN")) .. "-" .. thread_number .. "-"
end

function request()
  counter = counter + 1
  headers["X-GitHub-Delivery"] = prefix .. counter
  return wrk.format("POST", nil, headers, body)
end
