-- wrk: every route of `waymark serve` over the demo data of Data/ (Helsinki, Latvia, Czechia), in
-- a seeded random mix: queries, cinemas, maps and tiles at random places (so drawings keep
-- missing the cache and it stays at its bound), the documents, and requests that must be refused.
-- DELAY_MS (environment) is each connection's pause before every request: the soak's rate.
-- Prints the answers by status class; scripts/soak.sh reads the line "statuses …".
local places = { {60.17, 24.94, 0.03}, {57.51, 22.81, 0.05}, {56.95, 24.11, 0.05}, {49.75, 13.38, 0.05}, {49.19, 16.61, 0.1} }
local function around()
  local p = places[math.random(#places)]
  return p[1] + (math.random() - 0.5) * p[3] * 2, p[2] + (math.random() - 0.5) * p[3] * 4
end
local function tile(lat, lon, z)
  local n = 2 ^ z
  local r = math.rad(lat)
  return math.floor((lon + 180) / 360 * n), math.floor((1 - math.log(math.tan(r) + 1 / math.cos(r)) / math.pi) / 2 * n)
end
local categories = { "eat", "see", "eat,see", "water", "stay,do", "cinema", "city" }
local refused = {  -- each must be a 400 or 404, never a 5xx
  "/v1/nearest?lat=91&lon=24", "/v1/nearest?lat=0x1p4&lon=24", "/v1/nearest?lat=nan&lon=24", "/v1/within?lat=60&lon=24&radius=-1",
  "/v1/bbox?bbox=1,2,3", "/v1/nearest?lat=60&lon=24&cursor=garbage", "/v1/nearest?lat=60&lon=24&category=pubs",
  "/v1/map.png?size=9000x9000", "/v1/map.png?bbox=0,0,1,1&center=0,0&zoom=2", "/v1/tiles/2/4/0.png", "/v1/cinemas?lat=60&lon=24&film=",
  "/nowhere", "/leaflet/leaflet.css%00.png", "/leaflet//images", "/leaflet/../../etc/passwd", "/v1/nearest?lat=%ZZ&lon=24",
}
local routes = {  -- weight, request
  {25, function() local lat, lon = around(); return string.format("/v1/nearest?lat=%.5f&lon=%.5f&limit=%d&category=%s", lat, lon, math.random(1, 20), categories[math.random(#categories)]) end},
  {10, function() local lat, lon = around(); return string.format("/v1/within?lat=%.5f&lon=%.5f&radius=%d", lat, lon, math.random(100, 5000)) end},
  {10, function() local lat, lon = around(); return string.format("/v1/bbox?bbox=%.4f,%.4f,%.4f,%.4f&limit=50", lon - 0.02, lat - 0.01, lon + 0.02, lat + 0.01) end},
  {5, function() local lat, lon = around(); return string.format("/v1/cinemas?lat=%.5f&lon=%.5f&date=2012-05-08", lat, lon) end},
  {2, function() local lat, lon = around(); return string.format("/v1/map.png?center=%.4f,%.4f&zoom=%d&size=512x384", lat, lon, math.random(11, 15)) end},
  {23, function() local lat, lon = around(); local z = math.random(10, 16); local x, y = tile(lat, lon, z); return string.format("/v1/tiles/%d/%d/%d.png", z, x, y) end},
  {2, function() return "/openapi.json" end},
  {5, function() return "/healthz" end},
  {3, function() return "/metrics" end},
  {2, function() return ({"/", "/app.js", "/leaflet/leaflet.css", "/leaflet/images/marker-icon.png"})[math.random(4)] end},
  {13, function() return refused[math.random(#refused)] end},
}
local total = 0
for _, r in ipairs(routes) do total = total + r[1] end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
local delayMs = tonumber(os.getenv("DELAY_MS") or "0")
counts = { ["2xx"] = 0, ["3xx"] = 0, ["4xx"] = 0, ["5xx"] = 0, other = 0 }
function init(args)
  math.randomseed(id * 7919)
end
function request()
  local pick = math.random(total)
  for _, r in ipairs(routes) do
    pick = pick - r[1]
    if pick <= 0 then return wrk.format("GET", r[2]()) end
  end
end
function delay()
  return delayMs
end
function response(status, headers, body)
  local class = status >= 200 and status < 600 and (math.floor(status / 100) .. "xx") or "other"
  counts[class] = counts[class] + 1
end
function done(summary, latency, requests)
  local sum = { ["2xx"] = 0, ["3xx"] = 0, ["4xx"] = 0, ["5xx"] = 0, other = 0 }
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    for k, v in pairs(c) do sum[k] = sum[k] + v end
  end
  io.write(string.format("statuses 2xx %d 3xx %d 4xx %d 5xx %d other %d\n", sum["2xx"], sum["3xx"], sum["4xx"], sum["5xx"], sum.other))
end
