-- wrk script for bench/instances.bench.ts: POSTs chat turns, each to the next of the sessions in
-- PARLEY_SESSIONS (comma-separated ids, starting at PARLEY_OFFSET), and counts answers that did
-- not stream to their end (a global: wrk reads it from each thread). Prints one JSON line when done.
local sessions = {}
for id in string.gmatch(os.getenv("PARLEY_SESSIONS"), "[^,]+") do sessions[#sessions + 1] = id end
local next_turn = tonumber(os.getenv("PARLEY_OFFSET") or "0")
incomplete = 0
local threads = {}

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"content":"How do I embed the widget on my website?","messageType":"text"}'

function setup(thread)
  threads[#threads + 1] = thread
end

function request()
  next_turn = next_turn + 1
  return wrk.format(nil, "/api/chat/" .. sessions[(next_turn % #sessions) + 1] .. "/messages/stream")
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"type":"complete"', 1, true) then
    incomplete = incomplete + 1
    if incomplete <= 3 then io.stderr:write(string.format("turn %d: %s\n", status, string.sub(body, 1, 300))) end
  end
end

function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + thread:get("incomplete") end
  io.write(string.format(
    '{"turns":%d,"seconds":%.3f,"failed":%d,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},"p50":%.2f,"p95":%.2f}\n',
    summary.requests, summary.duration / 1e6, failed,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000))
end
