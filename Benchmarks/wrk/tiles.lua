-- wrk: annotation tiles at zoom 12–14 over the Helsinki data of Data/ (24.90–24.99° E,
-- 60.14–60.20° N), in a seeded random order, every one of them in turn.
local tiles = {}
local function tile(lon, lat, z)
  local n = 2 ^ z
  local x = math.floor((lon + 180) / 360 * n)
  local r = math.rad(lat)
  local y = math.floor((1 - math.log(math.tan(r) + 1 / math.cos(r)) / math.pi) / 2 * n)
  return x, y
end
for z = 12, 14 do
  local x0, y0 = tile(24.90, 60.20, z)
  local x1, y1 = tile(24.99, 60.14, z)
  for x = x0, x1 do
    for y = y0, y1 do
      tiles[#tiles + 1] = string.format("/v1/tiles/%d/%d/%d.png", z, x, y)
    end
  end
end
local seed = 0
function setup(thread)
  seed = seed + 1
  thread:set("seed", seed)
end
local i = 0
function init(args)
  math.randomseed(seed)
  i = math.random(#tiles)
end
function request()
  i = i % #tiles + 1
  return wrk.format("GET", tiles[i])
end
