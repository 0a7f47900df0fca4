#!/usr/bin/python3
"""Opens the map page in headless Chromium (as page_check.py does) and reports how it opened:
waits for the annotation tiles, saves a screenshot, and prints as JSON the map's bounds, its
zoom, the address's #LAT,LON,ZOOM, the credits in Leaflet's attribution, the category labels and which are checked,
where the point PIN_LAT,PIN_LON is on the screen, and the labels after choosing LANG in the
page's language switch. The Swift test that runs this reads the screenshot's pixels.

  open_check.py URL SHOT.png PIN_LAT PIN_LON LANG CREDIT      (CREDIT "" when none is awaited)
"""
import json
import sys

from headless import chromium, tiles_settled, wait_for
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

url, shot = sys.argv[1:3]
pin_lat, pin_lon, language, credit = float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]

driver = chromium()


def labels():
    # In one script, so that the page's relabelling cannot run between two labels' reads (it did:
    # the first read before it, the others after).
    return driver.execute_script("return [...document.querySelectorAll('#categories label')].map((l) => l.innerText.trim());")


def attribution():
    """The attribution's text: once it holds CREDIT (the credits follow a query), or as it is when
    no credit is awaited."""
    text = "document.querySelector('.leaflet-control-attribution').innerText"
    if credit:
        wait_for(driver, f"return {text}.includes(arguments[0]);", credit)
    return driver.execute_script(f"return {text};")


try:
    driver.get(url)
    ok = tiles_settled(driver)
    credits = attribution()
    driver.save_screenshot(shot)
    view = driver.execute_script("""
        const b = map.getBounds(), p = map.latLngToContainerPoint([arguments[0], arguments[1]]);
        return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast(), zoom: map.getZoom(),
                 hash: location.hash, pin: [p.x, p.y] };
    """, pin_lat, pin_lon)
    before = labels()
    checked = driver.execute_script("return [...document.querySelectorAll('#categories input')].filter((b) => b.checked).map((b) => b.id.slice('category-'.length));")
    Select(driver.find_element(By.ID, "language")).select_by_value(language)
    after = wait_for(driver, """
        const now = [...document.querySelectorAll('#categories label')].map((l) => l.innerText.trim());
        return JSON.stringify(now) !== JSON.stringify(arguments[0]) ? now : null;
    """, before) or labels()
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    print(json.dumps({"tiles": ok, "attribution": credits, "view": view, "labels": before, "labels_after": after, "checked": checked,
                      "address": driver.execute_script("return location.search + location.hash"), "errors": errors},
                     ensure_ascii=False))
finally:
    driver.quit()
