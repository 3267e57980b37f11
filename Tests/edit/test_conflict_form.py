"""Issue 20 item 21: a form refused with 409 because the file changed
meanwhile shows the file as it is now in its controls and, beside each field
the person changed, what they typed, so nothing typed is lost and saving
again cannot undo the other change. Plain HTTP through `serve`, then one
look in headless Chromium ("Use it" puts the typed value back)."""
import base64
import html
import json
import re
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from example_cache import example_site
from test_browser import BINARY, MOCHI, REPO, Browser, Serve, multipart, new_driver, run_axe

CATS = "content/cats.json"
FORM = f"/_catgallery/edit/cat/{MOCHI}"
SCREENSHOTS = REPO / "test-output/screenshots/edit"


@pytest.fixture
def server(tmp_path, image_cache):
    running = Serve(example_site(tmp_path, image_cache))
    yield running
    running.stop()


def hidden(page):
    """The form's hidden fields (`_token`, `_hash`, `_was-…`) as the page has them."""
    return [(name, html.unescape(value)) for name, value in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page)]


def cli(server, *args):
    done = subprocess.run([str(BINARY), *args, "--site", str(server.site)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def post(server, path, fields):
    body, kind = multipart(fields)
    return server.request("POST", path, body=body, headers={"Origin": server.origin, "Content-Type": kind})


def mochi(weight, rating="5"):
    return [("name", "Mochi"), ("owner", "Priya Raman"), ("breed", "ragd"), ("born", "2019-04-17"),
            ("weight", weight), ("rating", rating), ("photo-choice", "keep")]


def test_after_a_409_the_form_shows_the_file_now_and_what_was_typed_beside_it(server):
    status, _, page = server.get(FORM)
    assert status == 200
    secrets = hidden(page)
    assert ("_was-weight", "4.8") in secrets and ("_was-rating", "5") in secrets
    # Meanwhile another edit changes the rating.
    cli(server, "cats", "edit", MOCHI, "--rating", "2")
    changed = server.read(CATS)
    status, _, page = post(server, FORM, secrets + mochi("5.5"))
    assert status == 409
    assert server.read(CATS) == changed, "nothing was written"
    # The controls hold the file as it is now.
    assert re.search(r'id="weight"[^>]* value="4\.8"', page)
    assert 'id="rating-2" name="rating" value="2" checked' in page
    # What was typed is beside the field it was typed into, and only there:
    # the rating was not changed in this form, so it is not offered back.
    assert '<p class="typed" id="weight-typed">You typed: <strong>5.5 kg</strong>' in page
    assert 'data-for="weight" data-value="5.5"' in page
    assert "rating-typed" not in page and page.count('class="typed"') == 1
    assert 'aria-describedby="weight-hint weight-typed"' in page
    # Saving the form as shown, with the typed weight put back, keeps the other change.
    status, headers, _ = post(server, FORM, hidden(page) + mochi("5.5", rating="2"))
    assert status == 303, headers
    record = json.loads(server.read(CATS))[0]
    assert (record["weightKg"], record["rating"]) == (5.5, 2)


def test_a_changed_photo_choice_and_caption_are_kept_beside_the_form_too(server):
    status, _, page = server.get(FORM)
    secrets = hidden(page)
    cli(server, "cats", "edit", MOCHI, "--owner", "Priya R.")
    fields = [(k, "No one" if k == "owner" else v) for k, v in mochi("4.8") if k != "photo-choice"]
    status, _, page = post(server, FORM, secrets + fields + [("photo-choice", "none")])
    assert status == 409
    assert re.search(r'id="owner"[^>]* value="Priya R\."', page)
    assert 'You typed: <strong>No one</strong>' in page
    assert '<p class="typed">You chose: <strong>No photo</strong></p>' in page
    assert 'name="photo-choice" value="keep" checked' in page

    path = "/_catgallery/edit/caption?park=0&photo=0"
    status, _, page = server.get(path)
    secrets = hidden(page)
    photo = re.search(r"\(([^)]+)\)</p>", page).group(1)
    cli(server, "caption", photo, "Their caption")
    body = "&".join(f"{k}={v}" for k, v in secrets + [("caption", "My%20caption")])
    status, _, page = server.request("POST", path, body=body, headers={
        "Origin": server.origin, "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 409
    assert re.search(r'id="caption"[^>]* value="Their caption"', page)
    assert 'You typed: <strong>My caption</strong>' in page


def test_use_it_puts_the_typed_value_back_in_chromium(server):
    driver = new_driver()
    try:
        driver.get(server.origin + FORM)
        driver.find_element("css selector", "#weight").clear()
        driver.find_element("css selector", "#weight").send_keys("5.5")
        cli(server, "cats", "edit", MOCHI, "--rating", "2")
        driver.find_element("css selector", ".edit-form button[type=submit]").click()
        WebDriverWait(driver, 15).until(lambda d: d.find_elements("css selector", "#weight-typed button"))
        button = driver.find_element("css selector", "#weight-typed button")
        assert button.is_displayed() and button.text == "Use it"
        assert run_axe(Browser(driver, server)) == []
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for width in (390, 1280):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
            driver.execute_script("document.querySelector('#weight').scrollIntoView({block: 'center'})")
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
            (SCREENSHOTS / f"conflict-typed-{width}.png").write_bytes(base64.b64decode(shot["data"]))
        button.click()
        assert driver.execute_script("return document.querySelector('#weight').value") == "5.5"
        driver.find_element("css selector", ".edit-form button[type=submit]").click()
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return location.pathname") == f"/cats/{MOCHI}/")
        record = json.loads(server.read(CATS))[0]
        assert (record["weightKg"], record["rating"]) == (5.5, 2)
    finally:
        driver.quit()
