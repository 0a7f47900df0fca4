// The Waymark map page: our annotation tiles over the server's base tiles (or an outside base
// layer the server was given, or a plain background), category check-boxes that switch the tiles' categories, a pin's name and
// address on click (from /v1/bbox), and the nearest places on right-click or long-press.
"use strict";

// The server's settings for this page: { baseLayer: "https://…/{z}/{x}/{y}.png" } (an outside
// server), { baseLayer: "/v1/base/…", baseAttribution: "© …" } (its own base map), or {}.
const config = JSON.parse(document.getElementById("settings").textContent);
const params = new URLSearchParams(location.search);
const map = L.map("map", { zoomControl: true }).setView([60.1699, 24.9384], 14);
// Our own base tiles go as deep as the annotations; an outside server usually stops at 19.
if (config.baseLayer) L.tileLayer(config.baseLayer, { maxZoom: config.baseAttribution === undefined ? 19 : 22, attribution: config.baseAttribution || "" }).addTo(map);

// {r} becomes "@2x" on HiDPI screens: our tiles are drawn sharper, with the same layout.
const TILES = "/v1/tiles/{z}/{x}/{y}{r}.png";
const annotations = L.tileLayer(TILES, { maxZoom: 22 }).addTo(map);

let categories = [];  // { code, label, color, checked }

function selected() {
  return categories.filter((c) => c.checked).map((c) => c.code);
}

function refreshTiles() {
  const codes = selected();
  // All checked: no filter. None checked: a code no feature has would draw nothing, so hide instead.
  if (codes.length === 0) { map.removeLayer(annotations); return; }
  // All checked: no category parameter (the server refuses an empty one).
  annotations.setUrl(codes.length === categories.length ? TILES : TILES + "?category=" + codes.join(","));
  if (!map.hasLayer(annotations)) annotations.addTo(map);
}

async function json(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
  return body;
}

async function loadCategories() {
  const body = await json("/v1/categories");
  // ?hide=eat,see unchecks those at start (for links, and the browser test).
  const hidden = new Set((params.get("hide") || "").split(",").filter(Boolean));
  // Only what can be drawn: categories with a position.
  categories = body.categories.filter((c) => c.located > 0)
    .map((c) => ({ code: c.category, label: c.label, color: c.color, count: c.located, checked: !hidden.has(c.category) }));
  const box = document.getElementById("categories");
  for (const c of categories) {
    const label = document.createElement("label");
    const input = Object.assign(document.createElement("input"), { type: "checkbox", checked: c.checked, id: "category-" + c.code });
    input.addEventListener("change", () => { c.checked = input.checked; refreshTiles(); });
    const swatch = Object.assign(document.createElement("span"), { className: "swatch" });
    swatch.style.background = c.color;
    label.append(input, swatch, `${c.label} (${c.count})`);
    box.append(label);
  }
  refreshTiles();
}

// The pixels a pin covers around its point: a teardrop standing on it (about 24 × 34 px).
const PIN = { left: 12, right: 12, above: 34, below: 4 };

map.on("click", async (event) => {
  const p = map.latLngToContainerPoint(event.latlng);
  // The pin whose shape was clicked stands a little below the click.
  const sw = map.containerPointToLatLng([p.x - PIN.left, p.y + PIN.above]);
  const ne = map.containerPointToLatLng([p.x + PIN.right, p.y - PIN.below]);
  const codes = selected();
  const query = new URLSearchParams({ bbox: [sw.lng, sw.lat, ne.lng, ne.lat].map((v) => v.toFixed(6)).join(","), limit: "20" });
  if (codes.length && codes.length !== categories.length) query.set("category", codes.join(","));
  try {
    const body = await json("/v1/bbox?" + query);
    if (!body.features.length) return;
    // Of the pins under the click, the one whose point is nearest below it.
    const nearest = body.features.map((f) => {
      if (f.geometry.type !== "Point") return { f, d: Infinity };  // a water: its pin is somewhere inside
      const [lon, lat] = f.geometry.coordinates;
      const q = map.latLngToContainerPoint([lat, lon]);
      return { f, d: Math.hypot(q.x - p.x, q.y - (p.y + PIN.above / 2)) };
    }).sort((a, b) => a.d - b.d)[0].f;
    const props = nearest.properties;
    const text = [props.name || "(no name)", props.address].filter(Boolean).map(escapeHTML).join("<br>");
    L.popup().setLatLng(event.latlng).setContent(`<div class="popup" data-id="${escapeHTML(nearest.id || "")}">${text}</div>`).openOn(map);
  } catch (error) {
    console.error(error);
  }
});

async function nearestTo(latlng) {
  const query = new URLSearchParams({ lat: latlng.lat.toFixed(6), lon: latlng.lng.toFixed(6), limit: "10" });
  const codes = selected();
  if (codes.length && codes.length !== categories.length) query.set("category", codes.join(","));
  const body = await json("/v1/nearest?" + query);
  document.getElementById("nearest-to").textContent = `${query.get("lat")}, ${query.get("lon")}`;
  const list = document.getElementById("nearest-list");
  list.replaceChildren(...body.features.map((f) => {
    const item = document.createElement("li");
    const km = (f.properties.distance_m / 1000).toFixed(2);
    item.innerHTML = `${escapeHTML(f.properties.name || "(no name)")} <span class="km">${km} km</span>`;
    return item;
  }));
  document.getElementById("nearest").hidden = false;
}

map.on("contextmenu", (event) => { nearestTo(event.latlng).catch(console.error); });

// Long-press on touch screens: half a second without moving.
let press;
map.getContainer().addEventListener("touchstart", (e) => {
  if (e.touches.length !== 1) return;
  const t = e.touches[0];
  press = setTimeout(() => nearestTo(map.mouseEventToLatLng(t)).catch(console.error), 500);
}, { passive: true });
for (const type of ["touchend", "touchmove", "touchcancel"]) {
  map.getContainer().addEventListener(type, () => clearTimeout(press), { passive: true });
}

// The search box: /v1/search as the user types, nearer the map's centre first; a result moves the map to it.
async function searchNames() {
  const text = document.getElementById("search-text").value.trim();
  const list = document.getElementById("search-list");
  if (!text) { list.replaceChildren(); return; }
  const centre = map.getCenter();
  const query = new URLSearchParams({ q: text, lat: centre.lat.toFixed(6), lon: centre.lng.toFixed(6), limit: "8" });
  const body = await json("/v1/search?" + query);
  if (document.getElementById("search-text").value.trim() !== text) return;  // typed on meanwhile
  list.replaceChildren(...body.features.map((f) => {
    const item = document.createElement("li");
    item.textContent = f.properties.name || "(no name)";
    item.addEventListener("click", () => {
      if (f.geometry.type === "Point") map.setView([f.geometry.coordinates[1], f.geometry.coordinates[0]], 17);
      else map.fitBounds(L.geoJSON(f).getBounds(), { maxZoom: 17 });
    });
    return item;
  }));
}
document.getElementById("search").addEventListener("submit", (e) => { e.preventDefault(); searchNames().catch(console.error); });
document.getElementById("search-text").addEventListener("input", () => { searchNames().catch(console.error); });

function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

loadCategories().catch((error) => {
  document.getElementById("categories").append("Categories could not be loaded: " + error.message);
});
