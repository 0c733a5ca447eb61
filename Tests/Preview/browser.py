"""Drives `calc preview` in headless Chromium (Debian's, through Playwright for Python) the way a
person would: load, play, pause, scrub, step, edit the file, break it and fix it. Every wait is on the
page's state (data attributes on <body>), never on a sleep. The frame shown is compared, pixel for
pixel, with what `calc run --time` writes for the same instant.

usage: browser.py URL DIR SCRIPT CALC CHROMIUM
Prints one line per check and "browser: all checks passed"; exits non-zero on the first failure.
"""
import base64, io, os, subprocess, sys
from PIL import Image
from playwright.sync_api import sync_playwright

url, work, script, calc, chromium = sys.argv[1:6]
path = work + "/" + script


def reference(time):
    """RGB bytes of `calc run --time` at `time`, from the file as it is now."""
    out = work + "/ref.png"
    subprocess.run([calc, "run", script, "--time", time, "-o", "ref.png", "-q"], cwd=work, check=True)
    return Image.open(out).convert("RGB").tobytes()


def shown(page):
    """RGB bytes of the image the page shows, read back through a canvas."""
    data = page.evaluate("""() => {
        const img = document.getElementById('frame');
        const c = document.createElement('canvas');
        c.width = img.naturalWidth; c.height = img.naturalHeight;
        c.getContext('2d').drawImage(img, 0, 0);
        return c.toDataURL('image/png');
    }""")
    return Image.open(io.BytesIO(base64.b64decode(data.split(",", 1)[1]))).convert("RGB").tobytes()


def save(text):
    """Saves the script as an editor does: a new file renamed over the old one, never half-written."""
    with open(path + ".new", "w") as f:
        f.write(text)
    os.replace(path + ".new", path)


def loaded_after(v, frame, errors="0"):
    """The page shows `frame` of a version newer than `v`, with `errors` errors."""
    return (f"(() => {{ const b = document.body.dataset; return +b.version > {v} && b.errors === '{errors}'"
            f" && b.loaded === '{frame}@' + b.version; }})()")


def state(page, key):
    return page.evaluate("(k) => document.body.dataset[k]", key)


def wait(page, condition):
    # a function, not an expression: the page's Content-Security-Policy forbids eval
    page.wait_for_function("() => " + condition, timeout=30000)


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
    page = browser.new_page()
    page.goto(url)
    wait(page, "document.body.dataset.ready === '1' && document.body.dataset.loaded.startsWith('0@')")
    v = int(state(page, "version"))   # each save is one version more
    assert "10 frames" in page.inner_text("#size"), page.inner_text("#size")
    print("browser: page loaded, frame 0 shown")

    page.click("#play")
    wait(page, "document.body.dataset.playing === '1' && +document.body.dataset.frame >= 3")
    page.click("#play")
    assert state(page, "playing") == "0"
    print("browser: play advanced to frame", state(page, "frame"), "and pause stopped it")

    page.evaluate("() => { const s = document.getElementById('scrub'); s.value = '6'; s.dispatchEvent(new Event('input')); }")
    wait(page, f"document.body.dataset.loaded === '6@{v}'")
    clock = page.inner_text("#clock")
    assert "t = 0.600 s" in clock and "frame 6 / 9" in clock, clock
    assert shown(page) == reference("0.6s"), "the scrubbed-to frame differs from calc run --time 0.6s"
    print("browser: scrubbed to frame 6 (t = 0.6 s), pixels equal to calc run --time 0.6s")

    page.keyboard.press("ArrowRight")
    wait(page, f"document.body.dataset.loaded === '7@{v}'")
    page.click("#prev")
    page.click("#prev")
    wait(page, f"document.body.dataset.loaded === '5@{v}'")
    assert "frame 5 / 9" in page.inner_text("#clock")
    print("browser: stepped to frame 7 with →, back to 5 with ◀")

    text = open(path).read()
    save(text.replace("#ff0000", "#00ff00"))
    wait(page, loaded_after(v, 5))
    v = int(state(page, "version"))
    assert shown(page) == reference("0.5s"), "after the edit the frame differs from calc run --time 0.5s"
    print("browser: reloaded after the file was saved; frame 5 shows the new colour")

    save(text.replace("backgroundColor: #ff0000", "backgroundColr: #ff0000"))
    wait(page, "document.body.dataset.errors !== '0'")
    diag = page.inner_text("#diagnostics")
    assert page.is_visible("#diagnostics") and "E0201" in diag and "backgroundColr" in diag, diag
    print("browser: the page shows the diagnostics of the broken script")

    v = int(state(page, "version"))
    save(text)
    wait(page, loaded_after(v, 5))
    assert not page.is_visible("#diagnostics")
    assert shown(page) == reference("0.5s")
    print("browser: fixed again; diagnostics gone, frame 5 as calc run draws it")
    browser.close()

print("browser: all checks passed")
