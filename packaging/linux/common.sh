#!/usr/bin/env bash
# Shared by the Linux packaging scripts (sourced, not run): where things are and what they are
# called. Expects the onedir build in dist/stoneage (pyinstaller build_exe.spec).
# shellcheck disable=SC2034  # these variables are for the scripts that source this file
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-python3}"
DIST="${DIST:-$ROOT/dist}"
ONEDIR="$DIST/stoneage"
APP_ID="stoneage"
DISPLAY_NAME="Stone Age"
SUMMARY="Desktop edition of the board game Stone Age for 2 to 4 players"
MAINTAINER="${DEB_MAINTAINER:-Stone Age desktop project <stoneage@localhost>}"  # CI sets DEB_MAINTAINER
HOMEPAGE="${HOMEPAGE:-${GITHUB_REPOSITORY:+https://github.com/$GITHUB_REPOSITORY}}"  # empty: no Homepage field

# The version in pyproject.toml (the one place it is written).
VERSION="$("$PYTHON" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$ROOT/pyproject.toml")"
MACHINE="$(uname -m)"  # x86_64, aarch64: for file names

require_build() {
    if [[ ! -x "$ONEDIR/$APP_ID" ]]; then
        echo "no frozen build in $ONEDIR: run 'pyinstaller --noconfirm build_exe.spec' first" >&2
        exit 1
    fi
}

# The icons made by tools/make_icons.py during the build (made again here if missing).
icon_png() {
    if [[ ! -f "$ROOT/build/icons/stoneage.png" ]]; then
        "$PYTHON" "$ROOT/tools/make_icons.py" --out "$ROOT/build/icons" >/dev/null
    fi
    echo "$ROOT/build/icons/stoneage.png"
}

# Copy the onedir build to $1 without following links, keeping modes.
copy_build() {
    mkdir -p "$1"
    cp -a "$ONEDIR/." "$1/"
}
