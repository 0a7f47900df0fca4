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
import time

from headless import chromium, tiles_settled
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
    time.sleep(0.2)
    ok_after = tiles_settled(driver)
    driver.save_screenshot(after)

    map_element = driver.find_element(By.ID, "map")
    ActionChains(driver).context_click(map_element).perform()  # the middle of the map
    nearest = []
    for _ in range(50):
        nearest = driver.execute_script("return [...document.querySelectorAll('#nearest-list li')].map((li) => li.innerText.trim());")
        if nearest:
            break
        time.sleep(0.1)

    # Where the pin's point is on the screen, from Leaflet's own projection of it.
    point = driver.execute_script("const p = map.latLngToContainerPoint([arguments[0], arguments[1]]); return [p.x, p.y];", pin_lat, pin_lon)
    size = map_element.size
    # Offsets from the element's centre: 10 px above the point is inside the teardrop.
    ActionChains(driver).move_to_element_with_offset(map_element, point[0] - size["width"] / 2, point[1] - 10 - size["height"] / 2).click().perform()
    popup = ""
    for _ in range(50):
        found = driver.find_elements(By.CSS_SELECTOR, ".leaflet-popup-content .popup")
        if found:
            popup = found[0].get_attribute("innerHTML")
            break
        time.sleep(0.1)

    nearest_to = driver.find_element(By.ID, "nearest-to").text

    driver.find_element(By.ID, "search-text").send_keys(search)
    offered = []
    for _ in range(300):  # a loaded machine may take seconds to answer
        # Read and clicked in one script: a later answer to the typing may replace the list meanwhile.
        offered = driver.execute_script("""
            const items = [...document.querySelectorAll('#search-list li')];
            const named = items.find((li) => li.innerText.trim() === arguments[0]);
            if (named) named.click();
            return items.map((li) => li.innerText.trim());
        """, name)
        if name in offered:
            break
        time.sleep(0.1)
    time.sleep(0.5)  # the map's move
    went = driver.execute_script("const c = map.getCenter(); return [c.lat, c.lng, map.getZoom()];")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    print(json.dumps({"tiles_before": ok_before, "tiles_after": ok_after, "unchecked": not box.is_selected(),
                      "nearest_to": nearest_to, "nearest": nearest, "popup": popup,
                      "search": offered, "went": went, "errors": errors}, ensure_ascii=False))
finally:
    driver.quit()
