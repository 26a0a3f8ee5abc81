#!/usr/bin/env bash
# Installs everything the tests need and runs the whole suite: ruff, mypy, pytest.
# This is the test command README.md shows; .ci/run calls it.
#
#   bash scripts/check.sh [--here] [PYTEST ARGUMENTS...]
#
# The test tools go into .venv-test, a virtualenv made here, even when another one is
# active (so the install you play with is never replaced by this editable one);
# --here installs and runs in the active virtualenv instead.
set -euo pipefail
cd "$(dirname "$0")/.."

here=""
if [ "${1:-}" = "--here" ]; then
    here=yes
    shift
    if [ -z "${VIRTUAL_ENV:-}" ]; then
        echo "check.sh: --here installs into the active virtualenv, and none is active." >&2
        exit 2
    fi
fi

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
    # Wait for another apt-get or dpkg to finish (up to ten minutes) instead of failing.
    # DPkg::Lock::Timeout covers dpkg's lock; the package lists' lock taken by
    # "apt-get update" is not waited for by every apt, so that step is retried.
    apt_get=($sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600)
    deadline=$((SECONDS + 600))
    until "${apt_get[@]}" update -qq; do
        if [ $SECONDS -ge $deadline ]; then
            echo "check.sh: apt-get update kept failing for ten minutes." >&2
            exit 1
        fi
        echo "check.sh: apt-get update failed (another one may hold its lock); trying again." >&2
        sleep 10
    done
    "${apt_get[@]}" install -y -qq "${need[@]}" >/dev/null
fi

if [ -z "$here" ]; then
    # (made again when a run stopped half-way through making it: no pip yet)
    [ -x .venv-test/bin/pip ] || python3 -m venv .venv-test
    # shellcheck disable=SC1091
    . .venv-test/bin/activate
fi

# This project was installed as "tictactoe" before it became tictactoe-mnk: an old
# editable install under that name would put an old checkout first on the path.
if python3 -m pip show -q tictactoe >/dev/null 2>&1; then
    python3 -m pip uninstall -q -y tictactoe
fi
python3 -m pip install -q -e '.[test]'
python3 -m ruff check src tests benchmarks scripts setup.py
python3 -m ruff format --check src tests benchmarks scripts setup.py
python3 -m mypy
python3 -m pytest "$@"
