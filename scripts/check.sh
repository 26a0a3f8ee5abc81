#!/usr/bin/env bash
# Installs everything the tests need and runs the whole suite: ruff, mypy, pytest.
# This is the test command README.md shows; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages for the GUI tests: a virtual X display and a pointer driver; for the web
# game's tests a real browser (Playwright drives Debian's Chromium: nothing is downloaded)
# and a real Redis server (the tests start their own on a loopback port).
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
python3 -c "import tkinter" 2>/dev/null || need+=(python3-tk)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# The test tools go into a virtualenv: the active one, else .venv-test made here (so the
# user's own install is never replaced by this editable one).
if [ -z "${VIRTUAL_ENV:-}" ]; then
    [ -x .venv-test/bin/python3 ] || python3 -m venv .venv-test
    # shellcheck disable=SC1091
    . .venv-test/bin/activate
fi

# This project was installed as "tictactoe" before it became tictactoe-mnk: an old
# editable install under that name would put an old checkout first on the path.
if python3 -m pip show -q tictactoe >/dev/null 2>&1; then
    python3 -m pip uninstall -q -y tictactoe
fi
python3 -m pip install -q -e '.[test]'
python3 -m ruff check src tests benchmarks scripts
python3 -m ruff format --check src tests benchmarks scripts
python3 -m mypy
python3 -m pytest "$@"
