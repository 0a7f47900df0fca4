// The raster map page's map: Leaflet (Debian's libjs-leaflet) showing our PNG annotation tiles over
// the server's base tiles (or an outside base layer the server was given, or a plain background).
// It gives app.js the `view` every page's map gives (see vector.js for the other).
"use strict";

const config = JSON.parse(document.getElementById("settings").textContent);
const map = L.map("map", { zoomControl: true });
// Our own base tiles go as deep as the annotations; an outside server usually stops at 19.
if (config.baseLayer) L.tileLayer(config.baseLayer, { maxZoom: config.baseAttribution === undefined ? 19 : 22, attribution: config.baseAttribution || "" }).addTo(map);

// {r} becomes "@2x" on HiDPI screens: our tiles are drawn sharper, with the same layout. Over
// this server's own base, each comes drawn over the base, whose names keep off its marks; the base
// tiles beneath show while they load, and alone when the annotations are hidden.
const TILES = "/v1/tiles/{z}/{x}/{y}{r}.png" + (config.combinedTiles ? "?base=1" : "");
const annotations = L.tileLayer(TILES, { maxZoom: 22 }).addTo(map);
let shownCredits = new Set();

const view = {
  /** Shows the annotations asked with `query` (category, lang), or none when it is null. */
  showAnnotations(query) {
    if (query === null) { map.removeLayer(annotations); return; }
    annotations.setUrl(query ? TILES + (TILES.includes("?") ? "&" : "?") + query : TILES);
    if (!map.hasLayer(annotations)) annotations.addTo(map);
  },
  isReady: () => map._loaded,
  /** Zoom levels are Leaflet's (256 px tiles) on both pages, so that an address means one view. */
  center() { const c = map.getCenter(); return { lat: c.lat, lon: c.lng }; },
  zoom: () => map.getZoom(),
  setView(lat, lon, zoom) { map.setView([lat, lon], zoom); },
  isSettledAt: (zoom) => map.getZoom() === zoom && !map._animatingZoom,
  /** [west, south, east, north] in view. */
  bounds() { const b = map.getBounds(); return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]; },
  fitBox(box, padding, maxZoom) { map.fitBounds([[box[1], box[0]], [box[3], box[2]]], { padding: [padding, padding], maxZoom }); },
  point(lat, lon) { const p = map.latLngToContainerPoint([lat, lon]); return { x: p.x, y: p.y }; },
  at(x, y) { const c = map.containerPointToLatLng([x, y]); return { lat: c.lat, lon: c.lng }; },
  popup(at, html) { L.popup().setLatLng([at.lat, at.lon]).setContent(html).openOn(map); },
  container: () => map.getContainer(),
  /** `handler({lat, lon}, {x, y})` on a click, on a right-click, and when the view has moved. */
  onClick(handler) { map.on("click", (e) => handler({ lat: e.latlng.lat, lon: e.latlng.lng }, e.containerPoint)); },
  onContextMenu(handler) { map.on("contextmenu", (e) => handler({ lat: e.latlng.lat, lon: e.latlng.lng })); },
  onMove(handler) { map.on("moveend", handler); },
  /** The credits the data in view asks for, in Leaflet's attribution. */
  setCredits(credits) {
    for (const credit of shownCredits) if (!credits.has(credit)) map.attributionControl.removeAttribution(escapeHTML(credit));
    for (const credit of credits) if (!shownCredits.has(credit)) map.attributionControl.addAttribution(escapeHTML(credit));
    shownCredits = credits;
  },
};
