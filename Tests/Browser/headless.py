"""What the page checks share: headless Chromium (Debian's chromium, chromium-driver,
python3-selenium) at a fixed window size, and the wait for the page's annotation tiles."""
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium(webgl=False):
    """With `webgl`, WebGL 2 drawn by SwiftShader on the CPU (a machine without a GPU has no other)."""
    options = webdriver.ChromeOptions()
    gpu = ("--use-angle=swiftshader", "--enable-unsafe-swiftshader") if webgl else ("--disable-gpu",)
    for flag in ("--headless=new", "--no-sandbox", *gpu, "--window-size=1000,700", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(driver, script, *args, rounds=3000):
    """The page's answer to `script` once it is truthy, asked every 0.1 s; its last answer after
    `rounds` (about five minutes: the page waits its turn on a loaded machine, and a page that
    never gets there still ends, for the test to say what it saw)."""
    answer = None
    for _ in range(rounds):
        answer = driver.execute_script(script, *args)
        if answer:
            return answer
        time.sleep(0.1)
    return answer


def map_idle(driver):
    """True once the vector page's MapLibre map has drawn every tile of its style (its `idle` event
    after the last change, which vector_check.py's `waymark.idle` records)."""
    return bool(wait_for(driver, "return window.waymarkIdle === true && map.loaded() && map.areTilesLoaded();"))


def tiles_settled(driver, address_part=""):
    """True once every annotation tile on the page has loaded and none is loading, each from an
    address holding `address_part` (the tiles asked for after a change, not those before it)."""
    settled = wait_for(driver, """
        const tiles = [...document.querySelectorAll('.leaflet-tile')].filter((t) => t.src.includes('/v1/tiles/'));
        return tiles.length > 0 && tiles.every((t) => t.classList.contains('leaflet-tile-loaded') && t.src.includes(arguments[0]));
    """, address_part)
    time.sleep(0.3)  # Leaflet fades tiles in
    return bool(settled)


def search_and_pick(driver, search, name):
    """Types `search` into the page's search box as a person would and clicks the item named
    `name`; the items offered (read and clicked in one script: a later answer to the typing may
    replace the list meanwhile)."""
    from selenium.webdriver.common.by import By
    driver.find_element(By.ID, "search-text").send_keys(search)
    return wait_for(driver, """
        const items = [...document.querySelectorAll('#search-list li')];
        const named = items.find((li) => li.innerText.trim() === arguments[0]);
        if (!named) return null;
        named.click();
        return items.map((li) => li.innerText.trim());
    """, name) or driver.execute_script("return [...document.querySelectorAll('#search-list li')].map((li) => li.innerText.trim());")
