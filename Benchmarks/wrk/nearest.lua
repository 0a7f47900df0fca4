-- wrk: /v1/nearest at seeded random points over the synthetic region of waymark-bench
-- (20–30° E, 54–60° N), ten nearest, as a client would ask.
local seed = 0
function setup(thread)
  seed = seed + 1
  thread:set("seed", seed)
end
function init(args)
  math.randomseed(seed)
end
function request()
  local lat = 54 + math.random() * 6
  local lon = 20 + math.random() * 10
  return wrk.format("GET", string.format("/v1/nearest?lat=%.5f&lon=%.5f&limit=10", lat, lon))
end
