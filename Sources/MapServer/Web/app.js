// The map pages' panel, over either page's map (`view`, from raster.js or vector.js): category
// check-boxes that switch the annotations' categories, a pin's name and address on click (from
// /v1/bbox), the nearest places on right-click or long-press, a language switch, the search box,
// the view in the address (#LAT,LON,ZOOM, zooms of 256 px tiles on both pages), and the credits of
// the data in view where the map does not show its tiles' own.
"use strict";

const params = new URLSearchParams(location.search);

// ---- Language: ?lang=, else the one chosen here last time, else the data's own names.
const LANGUAGES = { "": "—", lv: "Latviešu", en: "English", cs: "Čeština" };
let language = params.get("lang") ?? localStorage.getItem("waymark.lang") ?? "";

/** The query parameters every request of the page carries: the language, when one is chosen. */
function withLanguage(query) {
  if (language) query.set("lang", language);
  return query;
}

let categories = [];  // { code, label, color, checked }

function selected() {
  return categories.filter((c) => c.checked).map((c) => c.code);
}

/** The category parameter of the checked categories: none when all are (the server refuses an empty one). */
function withCategories(query) {
  const codes = selected();
  if (codes.length && codes.length !== categories.length) query.set("category", codes.join(","));
  return query;
}

function refreshTiles() {
  // None checked: a code no feature has would draw nothing, so hide instead (the base in the page's language).
  view.showAnnotations(selected().length === 0 ? null : withLanguage(withCategories(new URLSearchParams())).toString(),
                       withLanguage(new URLSearchParams()).toString());
}

/** The address says what the page shows: ?category= the checked ones, ?lang=, #LAT,LON,ZOOM the view. */
function writeAddress() {
  const query = new URLSearchParams(location.search);
  for (const name of ["hide", "category", "lang"]) query.delete(name);
  const text = withLanguage(withCategories(query)).toString();
  history.replaceState(null, "", location.pathname + (text ? "?" + text : "") + viewHash());
  // The other page shows the same view.
  const other = document.getElementById("other-page");
  other.href = other.pathname + location.search + location.hash;
}

async function json(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
  return body;
}

async function loadCategories() {
  const body = await json("/v1/categories?" + withLanguage(new URLSearchParams()));
  // ?category=eat,see checks only those, ?hide=eat,see unchecks those (for links, and the browser tests).
  const only = params.get("category") ? new Set(params.get("category").split(",").filter(Boolean)) : null;
  const hidden = new Set((params.get("hide") || "").split(",").filter(Boolean));
  // Only what can be drawn: categories with a position.
  categories = body.categories.filter((c) => c.located > 0)
    .map((c) => ({ code: c.category, label: c.label, color: c.color, count: c.located, bbox: c.bbox,
                   checked: (only ? only.has(c.category) : true) && !hidden.has(c.category) }));
  const box = document.getElementById("categories");
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (const c of categories) {
    const label = document.createElement("label");
    const input = Object.assign(document.createElement("input"), { type: "checkbox", checked: c.checked, id: "category-" + c.code });
    input.addEventListener("change", () => { c.checked = input.checked; refreshTiles(); writeAddress(); refreshCredits(); });
    const swatch = Object.assign(document.createElement("span"), { className: "swatch" });
    swatch.style.background = c.color;
    label.append(input, swatch, `${c.label} (${c.count})`);
    box.append(label);
  }
  refreshTiles();
}

/** The labels in the language now chosen, keeping which boxes are checked. */
async function relabelCategories() {
  const body = await json("/v1/categories?" + withLanguage(new URLSearchParams()));
  const labels = new Map(body.categories.map((c) => [c.category, c.label]));
  for (const c of categories) {
    c.label = labels.get(c.code) ?? c.label;
    const input = document.getElementById("category-" + c.code);
    input.parentElement.lastChild.textContent = `${c.label} (${c.count})`;
  }
}

function setUpLanguages() {
  const select = document.getElementById("language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(Object.assign(document.createElement("option"), { value: code, textContent: name, selected: code === language }));
  }
  select.addEventListener("change", () => {
    language = select.value;
    localStorage.setItem("waymark.lang", language);
    refreshTiles();
    writeAddress();
    relabelCategories().catch(console.error);
  });
}

// ---- The view: #LAT,LON,ZOOM in the address, else the last view seen here if it shows any data,
// else the data fitted.
const VIEW_KEY = "waymark.view";

function viewHash() {
  if (!view.isReady()) return location.hash;
  const c = view.center();
  return `#${c.lat.toFixed(5)},${c.lon.toFixed(5)},${view.zoom()}`;
}

/** {lat, lon, zoom} from #LAT,LON,ZOOM, or null. */
function viewFromHash() {
  const parts = location.hash.slice(1).split(",").map(Number);
  if (parts.length !== 3 || parts.some((v) => !Number.isFinite(v))) return null;
  const [lat, lon, zoom] = parts;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && zoom >= 0 && zoom <= 22 ? { lat, lon, zoom } : null;
}

function lastView() {
  try {
    const last = JSON.parse(localStorage.getItem(VIEW_KEY));
    return last && [last.lat, last.lon, last.zoom].every(Number.isFinite) ? last : null;
  } catch { return null; }
}

/** [west, south, east, north] around every located feature of the checked categories (each
 * category's bbox from /v1/categories), or null when there are none. */
function dataBounds() {
  const boxes = categories.filter((c) => c.checked && c.bbox).map((c) => c.bbox);
  return boxes.length ? boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]) : null;
}

function meets(a, b) {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

async function openView() {
  const asked = viewFromHash();
  if (asked) { view.setView(asked.lat, asked.lon, asked.zoom); return; }
  const data = dataBounds();
  const last = lastView();
  if (last) {
    view.setView(last.lat, last.lon, last.zoom);
    if (!data || meets(view.bounds(), data)) return;
  }
  if (data) view.fitBox(data, 40, 15);
  else view.setView(20, 0, 2);
}

view.onMove(() => {
  const c = view.center();
  localStorage.setItem(VIEW_KEY, JSON.stringify({ lat: c.lat, lon: c.lon, zoom: view.zoom() }));
  writeAddress();
  refreshCredits();
});
window.addEventListener("hashchange", () => {
  const asked = viewFromHash();
  if (asked) view.setView(asked.lat, asked.lon, asked.zoom);
});

// ---- Credits: what the sources of the features in view ask for ("© OpenStreetMap contributors"…),
// where the map does not show its tiles' own.
async function refreshCredits() {
  if (!view.setCredits) return;
  const b = view.bounds();
  const clamp = (v, limit) => Math.max(-limit, Math.min(limit, v));
  const wholeWorld = b[2] - b[0] >= 360;
  const box = [wholeWorld ? -180 : clamp(b[0], 180), clamp(b[1], 90), wholeWorld ? 180 : clamp(b[2], 180), clamp(b[3], 90)];
  const query = withCategories(new URLSearchParams({ bbox: box.map((v) => v.toFixed(6)).join(","), limit: "1000" }));
  let credits = new Set();
  if (selected().length) {
    const body = await json("/v1/bbox?" + query);
    credits = new Set(body.features.map((f) => (config.credits || {})[f.properties.source]).filter(Boolean));
  }
  view.setCredits(credits);
}

// The pixels a pin covers around its point: a teardrop standing on it (about 24 × 34 px).
const PIN = { left: 12, right: 12, above: 34, below: 4 };

view.onClick(async (at, p) => {
  // The pin whose shape was clicked stands a little below the click.
  const sw = view.at(p.x - PIN.left, p.y + PIN.above);
  const ne = view.at(p.x + PIN.right, p.y - PIN.below);
  const query = withLanguage(withCategories(new URLSearchParams({ bbox: [sw.lon, sw.lat, ne.lon, ne.lat].map((v) => v.toFixed(6)).join(","), limit: "20" })));
  try {
    const body = await json("/v1/bbox?" + query);
    if (!body.features.length) return;
    // Of the pins under the click, the one whose point is nearest below it.
    const nearest = body.features.map((f) => {
      if (f.geometry.type !== "Point") return { f, d: Infinity };  // a water: its pin is somewhere inside
      const [lon, lat] = f.geometry.coordinates;
      const q = view.point(lat, lon);
      return { f, d: Math.hypot(q.x - p.x, q.y - (p.y + PIN.above / 2)) };
    }).sort((a, b) => a.d - b.d)[0].f;
    const props = nearest.properties;
    const text = [props.name || "(no name)", props.address].filter(Boolean).map(escapeHTML).join("<br>");
    view.popup(at, `<div class="popup" data-id="${escapeHTML(nearest.id || "")}">${text}</div>`);
  } catch (error) {
    console.error(error);
  }
});

async function nearestTo(at) {
  const query = withLanguage(withCategories(new URLSearchParams({ lat: at.lat.toFixed(6), lon: at.lon.toFixed(6), limit: "10" })));
  const body = await json("/v1/nearest?" + query);
  document.getElementById("nearest-to").textContent = `${query.get("lat")}, ${query.get("lon")}`;
  const list = document.getElementById("nearest-list");
  list.replaceChildren(...body.features.map((f) => {
    const item = document.createElement("li");
    // Places without a position come last, with no distance.
    const km = f.properties.distance_m === undefined ? "" : `${(f.properties.distance_m / 1000).toFixed(2)} km`;
    item.innerHTML = `${escapeHTML(f.properties.name || "(no name)")} <span class="km">${km}</span>`;
    return item;
  }));
  document.getElementById("nearest").hidden = false;
}

view.onContextMenu((at) => { nearestTo(at).catch(console.error); });

// Long-press on touch screens: half a second without moving.
let press;
view.container().addEventListener("touchstart", (e) => {
  if (e.touches.length !== 1) return;
  const t = e.touches[0];
  const r = view.container().getBoundingClientRect();
  press = setTimeout(() => nearestTo(view.at(t.clientX - r.left, t.clientY - r.top)).catch(console.error), 500);
}, { passive: true });
for (const type of ["touchend", "touchmove", "touchcancel"]) {
  view.container().addEventListener(type, () => clearTimeout(press), { passive: true });
}

/** [west, south, east, north] around a GeoJSON geometry's positions. */
function geometryBox(geometry) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (c) => {
    if (typeof c[0] === "number") {
      [box[0], box[1], box[2], box[3]] = [Math.min(box[0], c[0]), Math.min(box[1], c[1]), Math.max(box[2], c[0]), Math.max(box[3], c[1])];
    } else c.forEach(walk);
  };
  walk(geometry.coordinates);
  return box;
}

// The search box: /v1/search as the user types, in the page's language, nearer the map's centre
// first; a result moves the map to it.
async function searchNames() {
  const text = document.getElementById("search-text").value.trim();
  const list = document.getElementById("search-list");
  if (!text) { list.replaceChildren(); return; }
  const centre = view.center();
  const query = withLanguage(new URLSearchParams({ q: text, lat: centre.lat.toFixed(6), lon: centre.lon.toFixed(6), limit: "8" }));
  const body = await json("/v1/search?" + query);
  if (document.getElementById("search-text").value.trim() !== text) return;  // typed on meanwhile
  list.replaceChildren(...body.features.map((f) => {
    const item = document.createElement("li");
    item.textContent = f.properties.name || "(no name)";
    if (!f.geometry) { item.classList.add("unlocated"); return item; }  // the guide's objects without a position
    item.addEventListener("click", () => {
      if (f.geometry.type === "Point") view.setView(f.geometry.coordinates[1], f.geometry.coordinates[0], 17);
      else view.fitBox(geometryBox(f.geometry), 0, 17);
    });
    return item;
  }));
}
document.getElementById("search").addEventListener("submit", (e) => { e.preventDefault(); searchNames().catch(console.error); });
document.getElementById("search-text").addEventListener("input", () => { searchNames().catch(console.error); });

function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

setUpLanguages();
loadCategories().then(openView).catch((error) => {
  document.getElementById("categories").append("Categories could not be loaded: " + error.message);
  if (!view.isReady()) view.setView(20, 0, 2);
});
