"""What the page checks share: headless Chromium (Debian's chromium, chromium-driver,
python3-selenium) at a fixed window size, and the wait for the page's annotation tiles."""
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,700", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def tiles_settled(driver, timeout=60):
    """True once every annotation tile on the page has loaded and none is loading. The timeout is
    generous: the server draws the tiles while other tests load the machine."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = driver.execute_script("""
            const tiles = [...document.querySelectorAll('.leaflet-tile')];
            return { total: tiles.length, loaded: tiles.filter(t => t.classList.contains('leaflet-tile-loaded')).length };
        """)
        if state["total"] > 0 and state["loaded"] == state["total"]:
            time.sleep(0.3)  # Leaflet fades tiles in
            return True
        time.sleep(0.1)
    return False
