"""Waymark's MapLibre style in MapLibre GL JS itself (the PyPI maplibre wheel's maplibre-gl.js,
installed by scripts/install-deps.sh), in headless Chromium: the map loads the style from the
server, validates it (MapLibre checks a style against its specification as it loads it and
reports each fault as an error event), fetches the sprite and glyphs from the server, and draws
the annotation tiles' marks and names, and the base's names they carry. A style with a fault put in is loaded too, to show that
such faults do come out as errors here.

usage: style_check.py SERVER LAT LON ZOOM MAPLIBRE_JS IGNORED [LANG]  → a JSON report on stdout
(IGNORED: a part of a URL whose failures are left out of the errors, or "-" for none; LANG the
style's language, lv when not given)"""
import json
import sys

from headless import chromium, wait_for

server, lat, lon, zoom, script_path, ignored = sys.argv[1:7]
language = sys.argv[7] if len(sys.argv) > 7 else "lv"
driver = chromium()
try:
    # A page of the server's own origin, so that the map may fetch from it.
    driver.get(server + "/healthz")
    driver.execute_script(open(script_path, encoding="utf-8").read())
    driver.execute_script("""
        const [server, lat, lon, zoom, ignored, language] = arguments;
        document.body.innerHTML = '<div id="map" style="width: 800px; height: 600px"></div>';
        window.report = {errors: [], missing: [], requests: []};
        const map = new maplibregl.Map({
            container: 'map', style: server + '/v1/style.json?lang=' + language, center: [lon, lat], zoom: zoom,
            fadeDuration: 0, attributionControl: false,
            transformRequest: (url) => { window.report.requests.push(url); return {url}; },
        });
        map.on('error', (e) => {
            const message = String((e.error && e.error.message) || e.error || e);
            const url = (e.error && e.error.url) || '';
            if (ignored === '-' || !(message.includes(ignored) || url.includes(ignored))) window.report.errors.push(message + ' ' + url);
        });
        map.on('styleimagemissing', (e) => window.report.missing.push(e.id));
        map.once('idle', () => {
            window.report.idle = true;
            window.report.marks = map.queryRenderedFeatures({layers: ['marks']}).length;
            window.report.labels = map.queryRenderedFeatures({layers: ['labels']}).length;
            // The base's names as the server placed them, carried in the annotation tiles.
            const names = ['base-names', 'base-names-along'].filter((id) => map.getLayer(id));
            window.report.names = names.length ? map.queryRenderedFeatures({layers: names}).map((f) => f.properties.text) : [];
            window.report.along = map.getLayer('base-names-along')
                ? map.queryRenderedFeatures({layers: ['base-names-along']}).map((f) => f.properties.text) : [];
            window.report.layers = map.getStyle().layers.length;
        });
        window.map = map;
    """, server, float(lat), float(lon), float(zoom), ignored, language)
    wait_for(driver, "return window.report.idle || window.report.errors.length > 0")
    report = driver.execute_script("return window.report")

    # The oracle's own check: a fault put into the same style is reported.
    driver.execute_script("""
        window.faults = [];
        const style = window.map.getStyle();
        style.layers.push({id: 'faulty', type: 'symbol', source: 'annotations', 'source-layer': 'marks', layout: {'text-anchor': 'middle'}});
        window.map.on('error', (e) => window.faults.push(String((e.error && e.error.message) || e)));
        window.map.setStyle(style, {diff: false});
    """)
    report["faults"] = wait_for(driver, "return window.faults.length > 0 ? window.faults : null", rounds=600) or []
    print(json.dumps(report))
finally:
    driver.quit()
