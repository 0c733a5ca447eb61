#!/bin/sh
# Installs the Debian packages calc needs to build and test, skipping apt-get entirely when they are
# all present already (so it is cheap to call before every build). Needs root or sudo only when
# something is missing.
set -eu

# ffmpeg: `calc run -o x.mp4/.webm/.gif` runs it as a subprocess, and the tests read outputs back with ffprobe
PACKAGES="libdeflate-dev libspng-dev libharfbuzz-dev libfontconfig-dev libfreetype-dev fonts-dejavu-core libharfbuzz-bin ffmpeg"

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done

if [ -n "$missing" ]; then
    echo "setup: installing$missing" >&2
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

# Optional: skia-python, numpy and Pillow for the fidelity harness against Skia (Tests/Fidelity,
# run by CLITests' FidelityTests). Without them that test prints a "skipped" line and passes, so a
# failure here (no network, no pip, an externally managed Python) is only a note.
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import skia, numpy, PIL" >/dev/null 2>&1; then
    if python3 -m pip install -q skia-python numpy pillow >/dev/null 2>&1; then
        echo "setup: installed skia-python, numpy and pillow for the fidelity tests" >&2
    else
        echo "setup: note: could not pip-install skia-python numpy pillow; FidelityTests will be skipped" >&2
    fi
fi

# Optional: Debian's Chromium and Playwright for Python (driving that browser, downloading none of
# its own) for the real-browser test of `calc preview` (Tests/Preview/browser.py, run by CLITests'
# PreviewTests). Without them that test prints a "skipped" line and passes.
if ! command -v chromium >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null 2>&1; then
        $SUDO apt-get update -qq >/dev/null 2>&1 || true
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null 2>&1 \
            || echo "setup: note: could not install chromium; the preview's browser test will be skipped" >&2
    fi
fi
if command -v python3 >/dev/null 2>&1 && ! python3 -c "import playwright.sync_api, PIL" >/dev/null 2>&1; then
    python3 -m pip install -q playwright pillow >/dev/null 2>&1 \
        || echo "setup: note: could not pip-install playwright; the preview's browser test will be skipped" >&2
fi
