-- wrk: pages of features in seeded random boxes of 0.12° × 0.10° (about 200 of waymark-bench's
-- 1 000 000 synthetic points each, so every page is full) over their region (20–30° E, 54–60° N).
-- Seeded per thread, so each run (against Waymark's routes or a peer) asks the same boxes in the same order.
-- wrk -s bbox.lua URL -- PATH [QUERY]: GET PATH?bbox=minlon,minlat,maxlon,maxlat&QUERY
local seed = 0
function setup(thread)
  seed = seed + 1
  thread:set("seed", seed)
end
local path, query
function init(args)
  math.randomseed(seed)
  path, query = args[1], args[2] and ("&" .. args[2]) or ""
end
function request()
  local lon = 20 + math.random() * (10 - 0.12)
  local lat = 54 + math.random() * (6 - 0.10)
  return wrk.format("GET", string.format("%s?bbox=%.5f,%.5f,%.5f,%.5f%s", path, lon, lat, lon + 0.12, lat + 0.10, query))
end
