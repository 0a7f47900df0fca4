// The vector map page's map: MapLibre GL JS (PyPI's `maplibre` wheel, served under /maplibre/) drawing
// /v1/style.json: the base map's and the annotations' vector tiles, laid out by the server as the PNG
// tiles are. A browser without WebGL (or a server without MapLibre) is sent to the raster page.
// It gives app.js the `view` every page's map gives (see raster.js for the other).
"use strict";

const config = JSON.parse(document.getElementById("settings").textContent);

function webGL() {
  try { return !!document.createElement("canvas").getContext("webgl2"); } catch { return false; }
}
if (typeof maplibregl === "undefined" || !webGL()) {
  location.replace("/raster" + location.search + location.hash);
  throw new Error("no WebGL or no MapLibre: the raster page instead");
}

// MapLibre's zoom z shows the world 512·2^z px wide, Leaflet's and our tiles' 256·2^z: the page speaks
// in the tiles' zooms (the address, fitting), MapLibre one less.
const ZOOM_OFFSET = 1;
// The query the style shown was asked with: at first the base's names alone, until the panel says
// which annotations to show.
let styleQuery = "marks=0";

const map = new maplibregl.Map({ container: "map", style: styleURL(styleQuery), center: [0, 20], zoom: 1, maxZoom: 22 - ZOOM_OFFSET,
                                 attributionControl: { compact: false }, dragRotate: false, pitchWithRotate: false });
map.touchZoomRotate.disableRotation();
map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-left");
let ready = false;
map.once("load", () => { ready = true; });

function styleURL(query) { return "/v1/style.json" + (query ? "?" + query : ""); }

/** An outside base layer the server was given, under everything the style draws. */
function addOutsideBase() {
  if (!config.baseLayer || config.baseAttribution !== undefined || map.getSource("outside-base")) return;
  map.addSource("outside-base", { type: "raster", tiles: [config.baseLayer.replace("{r}", "")], tileSize: 256, maxzoom: 19 });
  map.addLayer({ id: "outside-base", type: "raster", source: "outside-base" }, map.getStyle().layers[1]?.id);
}

map.on("styledata", () => { if (map.isStyleLoaded()) addOutsideBase(); });

const view = {
  /** The style of the annotations asked with `query` (category, lang: the style passes them to its
   *  tiles); with none (null), of the base's names alone (`marks=0`: placed with no marks to keep
   *  off), in the page's `language` (a `lang=` query, or empty). */
  showAnnotations(query, language = "") {
    const wanted = query ?? (language ? language + "&" : "") + "marks=0";
    if (wanted !== styleQuery) {
      styleQuery = wanted;
      map.setStyle(styleURL(wanted));
    }
  },
  isReady: () => ready,
  center() { const c = map.getCenter(); return { lat: c.lat, lon: c.lng }; },
  zoom: () => Number((map.getZoom() + ZOOM_OFFSET).toFixed(2)),
  setView(lat, lon, zoom) { map.jumpTo({ center: [lon, lat], zoom: zoom - ZOOM_OFFSET }); },
  isSettledAt: (zoom) => Math.abs(map.getZoom() + ZOOM_OFFSET - zoom) < 1e-6 && !map.isMoving(),
  bounds() { const b = map.getBounds(); return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]; },
  fitBox(box, padding, maxZoom) { map.fitBounds([[box[0], box[1]], [box[2], box[3]]], { padding, maxZoom: maxZoom - ZOOM_OFFSET, animate: false }); },
  point(lat, lon) { const p = map.project([lon, lat]); return { x: p.x, y: p.y }; },
  at(x, y) { const c = map.unproject([x, y]); return { lat: c.lat, lon: c.lng }; },
  popup(at, html) { new maplibregl.Popup().setLngLat([at.lon, at.lat]).setHTML(html).addTo(map); },
  container: () => map.getContainer(),
  onClick(handler) { map.on("click", (e) => handler({ lat: e.lngLat.lat, lon: e.lngLat.lng }, e.point)); },
  onContextMenu(handler) { map.on("contextmenu", (e) => handler({ lat: e.lngLat.lat, lon: e.lngLat.lng })); },
  onMove(handler) { map.on("moveend", handler); },
  // No setCredits: the credits are the tiles' own (their TileJSON's attribution), which MapLibre shows.
};
