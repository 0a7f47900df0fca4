#!/usr/bin/python3
"""Drives the vector map page (MapLibre GL JS, WebGL by SwiftShader) in headless Chromium: loads
it, waits until the map has drawn every tile, saves a screenshot, unchecks one category's box as a
person would, waits for the map to be drawn again, saves a second screenshot; then types SEARCH
into the search box, clicks the item named NAME and reads where the map went. Prints what it saw
as JSON; the Swift test that runs this reads the pixels of both screenshots at positions it
projects itself.

  vector_check.py URL CATEGORY BEFORE.png AFTER.png SEARCH NAME
"""
import json
import sys

from headless import chromium, map_idle, search_and_pick, wait_for
from selenium.webdriver.common.by import By

url, category, before, after, search, name = sys.argv[1:7]

driver = chromium(webgl=True)
# Whether the map is idle (nothing loading, nothing moving) since its last change, for map_idle.
WATCH_IDLE = """
    window.waymarkIdle = map.loaded() && map.areTilesLoaded() && !map.isMoving();
    map.on('idle', () => { window.waymarkIdle = true; });
    map.on('dataloading', () => { window.waymarkIdle = false; });
    map.on('movestart', () => { window.waymarkIdle = false; });
"""

try:
    driver.get(url)
    wait_for(driver, "return typeof map !== 'undefined' && document.querySelectorAll('#categories input').length > 0;")
    driver.execute_script(WATCH_IDLE)
    ok_before = map_idle(driver)
    driver.save_screenshot(before)
    where = driver.execute_script("const c = map.getCenter(), e = map.getContainer(); return [c.lat, c.lng, map.getZoom(), e.clientWidth, e.clientHeight];")

    box = driver.find_element(By.ID, "category-" + category)
    box.click()
    # The style is asked again with the categories left checked; then its tiles are drawn.
    restyled = wait_for(driver, "return JSON.stringify(map.getStyle().sources.annotations || {}).includes('category=');")
    ok_after = bool(restyled) and map_idle(driver)
    driver.save_screenshot(after)

    offered = search_and_pick(driver, search, name)
    went = wait_for(driver, "const c = view.center(); return view.isSettledAt(17) ? [c.lat, c.lon, view.zoom()] : null;") \
        or driver.execute_script("const c = view.center(); return [c.lat, c.lon, view.zoom()];")
    address = driver.execute_script("return location.hash;")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    renderer = driver.execute_script("const g = document.createElement('canvas').getContext('webgl2'); return g ? g.getParameter(g.RENDERER) : null;")
    print(json.dumps({"idle_before": ok_before, "idle_after": ok_after, "unchecked": not box.is_selected(), "view": where,
                      "search": offered, "went": went, "address": address, "errors": errors, "renderer": renderer}, ensure_ascii=False))
finally:
    driver.quit()
