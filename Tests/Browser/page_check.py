#!/usr/bin/python3
"""Drives the map page in headless Chromium (Debian's chromium, chromium-driver, python3-selenium):
loads it, waits for the annotation tiles, saves a screenshot, unchecks one category's box as a
person would, waits for the tiles to be drawn again, saves a second screenshot; then right-clicks
the middle of the map and reads the "nearest to here" list, and clicks just above the point of
PIN_LAT,PIN_LON (on its pin's body) and reads the popup; last, types SEARCH into the search box
as a person would, reads the list it offers and clicks the item named NAME. Prints what it saw as
JSON, with where the map went; the Swift test that runs this reads the pixels of both screenshots.

  page_check.py URL CATEGORY BEFORE.png AFTER.png PIN_LAT PIN_LON SEARCH NAME
"""
import json
import sys

from headless import chromium, search_and_pick, tiles_settled, wait_for
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

url, category, before, after = sys.argv[1:5]
pin_lat, pin_lon = float(sys.argv[5]), float(sys.argv[6])
search, name = sys.argv[7:9]

driver = chromium()


try:
    driver.get(url)
    ok_before = tiles_settled(driver)
    driver.save_screenshot(before)
    box = driver.find_element(By.ID, "category-" + category)
    box.click()
    ok_after = tiles_settled(driver, "category=")  # the tiles of the categories left checked
    driver.save_screenshot(after)

    map_element = driver.find_element(By.ID, "map")
    ActionChains(driver).context_click(map_element).perform()  # the middle of the map
    nearest = wait_for(driver, "return [...document.querySelectorAll('#nearest-list li')].map((li) => li.innerText.trim());")

    # Where the pin's point is on the screen, from Leaflet's own projection of it.
    point = driver.execute_script("const p = map.latLngToContainerPoint([arguments[0], arguments[1]]); return [p.x, p.y];", pin_lat, pin_lon)
    size = map_element.size
    # Offsets from the element's centre: 10 px above the point is inside the teardrop.
    ActionChains(driver).move_to_element_with_offset(map_element, point[0] - size["width"] / 2, point[1] - 10 - size["height"] / 2).click().perform()
    popup = wait_for(driver, "const p = document.querySelector('.leaflet-popup-content .popup'); return p ? p.innerHTML : '';")

    nearest_to = driver.find_element(By.ID, "nearest-to").text

    offered = search_and_pick(driver, search, name)
    # Where the map went, once its move to zoom 17 has ended (Leaflet animates it).
    went = wait_for(driver, "const c = map.getCenter(); return map.getZoom() === 17 && !map._animatingZoom ? [c.lat, c.lng, map.getZoom()] : null;") \
        or driver.execute_script("const c = map.getCenter(); return [c.lat, c.lng, map.getZoom()];")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    print(json.dumps({"tiles_before": ok_before, "tiles_after": ok_after, "unchecked": not box.is_selected(),
                      "nearest_to": nearest_to, "nearest": nearest, "popup": popup,
                      "search": offered, "went": went, "errors": errors}, ensure_ascii=False))
finally:
    driver.quit()
