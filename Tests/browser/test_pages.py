"""Sections, list/grid, filtering, site search, favourites, breed photos, facts, theme."""
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SECTIONS = "[...document.querySelectorAll('details.section')]"


def open_sections(b):
    return b.js(f"return {SECTIONS}.map(s => s.open)")


def test_sections_collapse_animate_and_are_remembered(browser, vp):
    b = browser
    b.go("parks/")
    assert open_sections(b) == [True, True, True]
    assert b.js("return !document.querySelector('.section-tools').hidden")
    summary = b.d.find_element(By.CSS_SELECTOR, "details.section summary")
    b.js("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    # The height animates: while it runs the rows are still there, part-way.
    heights = b.js("const box = document.querySelector('.section-body'); const a = box.getAnimations()[0];"
                   "return a ? [a.effect.getKeyframes().map(k => parseFloat(k.height)), a.playState] : null")
    assert heights and heights[0][0] > 0 and heights[0][1] == 0, heights
    b.wait(f"!{SECTIONS}[0].open")
    assert open_sections(b) == [False, True, True]
    b.d.refresh()
    b.wait("!document.querySelector('.theme-toggle').hidden")
    assert open_sections(b) == [False, True, True], "collapsed state must survive a reload"
    # Keyboard: Enter on the summary opens it again.
    b.js("document.querySelector('details.section summary').focus()")
    b.key(Keys.ENTER)
    b.wait(f"{SECTIONS}[0].open && !document.querySelector('.section-body').getAnimations().length")
    assert open_sections(b) == [True, True, True]
    b.js("document.querySelector('[data-collapse]').click()")
    b.wait(f"{SECTIONS}.every(s => !s.open)")
    b.go("parks/")
    assert open_sections(b) == [False, False, False]
    b.js("document.querySelector('[data-expand]').click()")
    b.wait(f"{SECTIONS}.every(s => s.open)")
    b.go("parks/")
    assert open_sections(b) == [True, True, True]


def test_list_and_grid_switch_without_reload_and_are_remembered(browser, vp):
    b = browser
    b.go("parks/")
    shown = "return (v => [v === 'list', v === 'grid'])(getComputedStyle(document.querySelector('.view')).getPropertyValue('--view').trim())"
    assert b.js(shown) == [True, False]
    b.js("window.stillHere = 1")
    b.js("document.querySelector('.view-tab[data-view=grid]').click()")
    assert b.js(shown) == [False, True]
    assert b.js("return window.stillHere") == 1, "switching must not reload the page"
    assert b.js("return document.querySelector('.view-tab[data-view=grid]').getAttribute('aria-current')") == "true"
    assert b.d.current_url.endswith("#grid")
    b.go("404.html", ready=False)
    b.go("parks/")
    assert b.js(shown) == [False, True], "the grid choice must be remembered"
    b.js("document.querySelector('.view-tab[data-view=list]').click()")
    assert b.js(shown) == [True, False]


def test_a_photo_page_leads_back_to_its_section_open_on_the_list(browser, vp):
    b = browser
    b.go("parks/")
    b.js("document.querySelector('[data-collapse]').click()")
    b.wait(f"{SECTIONS}.every(s => !s.open)")
    b.js("document.querySelector('.view-tab[data-view=grid]').click()")
    b.go("parks/letchworth/letchworth1/")
    crumb = b.d.find_element(By.CSS_SELECTOR, "nav.crumbs a")
    assert crumb.get_attribute("href").endswith("/parks/#list-letchworth")
    b.js("document.querySelector('nav.crumbs a').click()")
    b.wait("location.hash === '#list-letchworth' && !document.querySelector('.theme-toggle').hidden")
    shown = "return (v => [v === 'list', v === 'grid'])(getComputedStyle(document.querySelector('.view')).getPropertyValue('--view').trim())"
    assert b.js(shown) == [True, False], "the list is shown, whatever view was remembered"
    assert b.js("return document.getElementById('list-letchworth').open")
    b.js("document.querySelector('[data-expand]').click()")
    b.js("document.querySelector('.view-tab[data-view=list]').click()")


def test_list_and_grid_links_work_without_javascript(browser):
    b = browser
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    shown = "return (v => [v === 'list', v === 'grid'])(getComputedStyle(document.querySelector('.view')).getPropertyValue('--view').trim())"
    b.go("parks/", ready=False)
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert b.js("return document.documentElement.classList.contains('js')") is False
    assert b.js(shown) == [True, False]
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    b.d.find_element(By.CSS_SELECTOR, "a[href='#grid']").click()
    b.d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert b.js(shown) == [False, True]
    # Thumbnails are plain links to the photo pages, and the tools that need JS stay hidden.
    assert b.js("return [...document.querySelectorAll('a.thumb')].every(a => a.getAttribute('href').endsWith('/'))")
    assert b.js("return document.querySelector('.section-tools').hidden")


@pytest.mark.parametrize("page,query", [("categories/", "kitten"), ("breeds/", "mau"), ("cats/", "siamese"), ("facts/", "sleep")])
def test_filter_narrows_counts_and_escape_resets(browser, page, query):
    b = browser
    b.go(page)
    items = "[...document.querySelectorAll('.filterable > [data-search]')]"
    total = b.js(f"return {items}.length")
    expected = b.js(f"return {items}.filter(i => (i.dataset.search + ' ' + i.textContent).toLowerCase().includes(arguments[0])).length", query)
    assert 0 < expected < total
    field = b.d.find_element(By.ID, "filter")
    assert b.js("return document.querySelector('.search .count').getAttribute('aria-live')") == "polite"
    field.send_keys(query)
    assert b.js(f"return {items}.filter(i => !i.hidden).length") == expected
    assert b.js("return !document.querySelector('.search .clear').hidden"), "Cancel shows while filtering"
    b.wait(f"document.querySelector('.search .count').textContent === '{expected} of {total} shown'")
    field.send_keys("zzqx")
    b.wait("document.querySelector('.search .count').textContent === 'No matches'")
    assert b.js("return !document.querySelector('.no-matches').hidden")
    field.send_keys(Keys.ESCAPE)
    assert b.js(f"return {items}.every(i => !i.hidden)")
    assert b.js("return document.getElementById('filter').value") == ""
    assert b.js("return document.activeElement.id") != "filter", "Escape leaves the field"
    assert b.js("return document.querySelector('.no-matches').hidden")
    # The Cancel button does the same.
    field.send_keys(query)
    b.js("document.querySelector('.search .clear').click()")
    assert b.js(f"return {items}.every(i => !i.hidden)") and b.js("return document.getElementById('filter').value") == ""


def test_the_header_searches_the_whole_site(browser, vp):
    b = browser
    b.go("")
    field = b.d.find_element(By.ID, "site-search")
    field.click()
    field.send_keys("siamese")
    b.wait("document.querySelectorAll('.site-results [data-href]').length >= 2", timeout=10)
    kinds = b.js("return [...document.querySelectorAll('.site-results .result-meta')].map(m => m.textContent)")
    assert kinds[0] == "Breed · Breeds" and "Cat · Cats" in kinds
    b.wait("/result/.test(document.querySelector('.site-search .count').textContent)")
    links = b.js("return [...document.querySelectorAll('.site-results [data-href]')].map(o => new URL(o.dataset.href, location.href).href)")
    for href in links:  # every result points at a real page
        with urllib.request.urlopen(href) as response:
            assert response.status == 200
    assert links[0].endswith("/breeds/siam/")
    field.send_keys(Keys.ESCAPE)
    assert b.js("return document.querySelector('.site-results').children.length") == 0
    # The list's own filter still takes a query from ?q=.
    b.go("breeds/?q=siam")
    assert b.js("return document.getElementById('filter').value") == "siam"


def test_facts_save_toggle_never_duplicates_and_survive_reload(browser, vp):
    b = browser
    b.go("facts/")
    button = "document.querySelector('.fact-list .save-fact')"
    fact_id = b.js(f"return {button}.dataset.saveFact")
    glyph = f"return getComputedStyle({button}.querySelector('.glyph'), '::before').content"
    assert b.js(glyph) == '"+"'
    b.js(f"{button}.click()")
    assert b.js(f"return {button}.getAttribute('aria-pressed')") == "true"
    assert b.js(glyph) == '"✓"'
    assert b.js("return document.querySelector('.toast').textContent").startswith("Fact saved")
    b.js(f"{button}.click()")  # un-saves
    assert b.storage("cg-saved")["facts"] == []
    assert b.js("return document.querySelector('.toast button').textContent") == "Undo"
    b.js(f"{button}.click()")
    b.go("facts/")
    assert b.js(f"return {button}.getAttribute('aria-pressed')") == "true", "saved state must survive a reload"
    assert [f["id"] for f in b.storage("cg-saved")["facts"]] == [fact_id]
    # The fact page shows it as saved too, and saving from there toggles the same entry.
    href = b.js("return document.querySelector('.fact-list a').href")
    b.d.get(href)
    b.wait("!document.querySelector('.save-fact').hidden")
    assert b.js("return document.querySelector('.save-fact').getAttribute('aria-pressed')") == "true"
    b.js("document.querySelector('.save-fact').click()")
    b.js("document.querySelector('.save-fact').click()")
    assert [f["id"] for f in b.storage("cg-saved")["facts"]] == [fact_id]


def test_saved_page_lists_removes_and_undoes(browser, vp):
    b = browser
    b.go("parks/letchworth/letchworth1/")
    b.js("document.querySelector('button.save').click()")
    assert b.js("return document.querySelector('button.save').getAttribute('aria-pressed')") == "true"
    b.go("categories/kittens/")
    b.js("document.querySelector('.items a.thumb').click()")
    b.wait("document.querySelector('.lb') && !document.querySelector('.lb').hidden")
    b.js("document.querySelector('.lb-save').click()")
    b.go("facts/")
    b.js("document.querySelectorAll('.fact-list .save-fact')[3].click()")
    b.go("saved/")
    photos = "[...document.querySelectorAll('.saved-photos > li')]"
    assert b.js(f"return {photos}.length") == 2
    assert b.js("return document.querySelectorAll('.saved-facts > li').length") == 1
    assert b.js("return [...document.querySelectorAll('.saved-section .empty')].every(p => p.hidden)")
    b.wait(f"{photos}.every(li => li.querySelector('img').complete && li.querySelector('img').naturalWidth > 0)")
    links = b.js(f"return {photos}.map(li => li.querySelector('a').href)")
    for href in links:
        with urllib.request.urlopen(href) as response:
            assert response.status == 200
    # Saved photos open in the lightbox too.
    b.js("document.querySelector('.saved-photos a.thumb').click()")
    b.wait("!document.querySelector('.lb').hidden && !document.querySelector('.lb').classList.contains('anim')")
    b.key(Keys.ESCAPE)
    b.wait("document.querySelector('.lb').hidden")
    b.js("document.querySelector('.saved-photos .remove').click()")
    assert b.js(f"return {photos}.length") == 1
    assert b.js("return document.activeElement.classList.contains('remove')"), "focus moves to the next item"
    b.js("document.querySelector('.toast button').click()")
    assert b.js(f"return {photos}.length") == 2
    b.js("document.querySelector('.saved-facts .remove').click()")
    assert b.js("return document.querySelectorAll('.saved-facts > li').length") == 0
    assert b.js("return !document.querySelector('.saved-facts ~ .empty').hidden")
    b.d.refresh()
    b.wait("document.querySelectorAll('.saved-photos > li').length === 2")


def test_saving_without_storage_explains_why(fresh_browser):
    b = fresh_browser
    b.d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source":
        "Storage.prototype.setItem = function () { throw new DOMException('denied', 'SecurityError'); };"})
    b.viewport("desktop")
    b.go("facts/")
    b.js("document.querySelector('.fact-list .save-fact').click()")
    assert b.js("return document.querySelector('.fact-list .save-fact').getAttribute('aria-pressed')") == "false"
    assert "storage" in b.js("return document.querySelector('.toast').textContent")
    b.go("saved/")
    assert "storage" in b.js("return document.querySelector('.saved-section .empty').textContent")


def test_another_photo_cycles_in_place(browser, vp):
    b = browser
    b.go("breeds/abys/")
    current = "return [...document.querySelectorAll('.breed-photo')].findIndex(f => f.classList.contains('current'))"
    n = b.js("return document.querySelectorAll('.breed-photo').length")
    assert n >= 2 and b.js(current) == 0
    b.js("window.stillHere = 1")
    visible = "return [...document.querySelectorAll('.breed-photo')].map(f => getComputedStyle(f).visibility)"
    for k in range(1, n + 1):
        b.js("document.querySelector('.another-photo').click()")
        assert b.js(current) == k % n
        assert b.js("return document.querySelector('.photo-count').textContent") == f"Photo {k % n + 1} of {n}"
    # Photos fade out and hide when their transition ends (begun at each click, above).
    b.wait("[...document.querySelectorAll('.breed-photo')].every(f => !f.getAnimations().length)")
    assert b.js(visible).count("visible") == 1
    assert b.js("return window.stillHere") == 1


def test_minimal_breed_shows_unknown_ratings(browser):
    b = browser
    b.go("breeds/aege/")
    unknown = b.js("return document.querySelectorAll('.ratings .unknown').length")
    meters = b.js("return [...document.querySelectorAll('.ratings meter')].map(m => [m.value, m.max])")
    assert unknown >= 1 and all(0 <= v <= m == 5 for v, m in meters)
    assert b.js("return document.querySelectorAll('.ratings dt').length") == unknown + len(meters)
    # The remote photo (unreachable offline) leaves a framed placeholder, not a broken image.
    b.wait("document.querySelector('.remote-frame').classList.contains('broken')")
    frame = b.js("const r = document.querySelector('.remote-frame').getBoundingClientRect(); return [r.width, r.height]")
    assert frame[0] > 200 and frame[1] > 100


def test_fact_page_background_and_centred_text(browser, vp):
    b = browser
    b.go("facts/a-cat-s-collarbones-are-not-joined/")
    m = b.js("""const p = document.querySelector('.fact-page').getBoundingClientRect(),
      g = document.querySelector('.fact-bg').getBoundingClientRect(),
      i = document.querySelector('.fact-bg img'), t = document.querySelector('.fact-text'),
      q = document.querySelector('.fact-page blockquote').getBoundingClientRect(), tr = t.getBoundingClientRect();
      return {page: [p.left, p.top, p.width, p.height], bg: [g.left, g.top, g.width, g.height],
        fit: getComputedStyle(i).objectFit, img: [i.getBoundingClientRect().width, i.getBoundingClientRect().height],
        padL: getComputedStyle(t).paddingLeft, padR: getComputedStyle(t).paddingRight, text: [tr.top, tr.bottom], quote: [q.left, q.right],
        vw: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth}""")
    assert m["bg"] == m["page"], "the photo fills the fact page exactly (no overflow)"
    assert m["fit"] == "cover" and m["img"] == m["bg"][2:]
    assert m["padL"] == m["padR"] == "40px"
    assert m["quote"][0] >= 40 - 0.5 and m["quote"][1] <= m["vw"] - 40 + 0.5
    centre = (m["text"][0] + m["text"][1]) / 2
    assert abs(centre - (m["page"][1] + m["page"][3] / 2)) <= 1.5, "text is centred vertically"
    assert m["sw"] <= m["vw"]
    b.wait("document.querySelector('.fact-bg img').classList.contains('loaded')")


def test_theme_toggle_cycles_system_light_dark_and_is_remembered(browser):
    """Each press goes system → light → dark → system; the icon and the name say which."""
    b = browser
    b.viewport("desktop", dark=True)
    b.go("")
    toggle = "document.querySelector('.theme-toggle')"
    state = lambda: b.js(f"""const t = {toggle}; return [t.getAttribute('aria-label'),
        t.querySelector('use').getAttribute('href').split('#')[1], localStorage.getItem('cg-theme'),
        getComputedStyle(document.body).backgroundColor]""")
    system = state()
    assert system[:3] == ["Theme: system", "system", None], system
    b.js(f"{toggle}.click()")
    light = state()
    assert light[:3] == ["Theme: light", "light", "light"], light
    assert light[3] != system[3], "the system's theme is dark: light differs"
    b.js(f"{toggle}.click()")
    dark = state()
    assert dark[:3] == ["Theme: dark", "dark", "dark"] and dark[3] == system[3], dark
    b.go("cats/", ready=False)
    assert b.js("return document.documentElement.dataset.theme") == "dark"  # set before paint
    b.wait("!document.querySelector('.theme-toggle').hidden")
    assert state()[:3] == dark[:3]
    b.js(f"{toggle}.click()")
    assert state()[:3] == system[:3], "back to following the system"
    assert b.js("return document.documentElement.dataset.theme") is None
    b.viewport("desktop", dark=False)
    assert state()[3] == light[3], "following the system again: light when it is"
