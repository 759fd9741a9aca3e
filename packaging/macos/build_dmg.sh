#!/usr/bin/env bash
# Wrap the app bundle (dist/Stone Age.app, from pyinstaller build_exe.spec on macOS) in a
# compressed disk image: dist/stoneage-<version>-macos-<arch>.dmg, opening to the app and a link
# to /Applications (drag one onto the other to install).
#
# Usage, from the repo root on macOS: bash packaging/macos/build_dmg.sh
# Sign the app first (packaging/macos/sign.sh) when releasing; notarize the .dmg after.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYTHON="${PYTHON:-python3}"
APP="$ROOT/dist/Stone Age.app"
VERSION="$("$PYTHON" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$ROOT/pyproject.toml")"
ARCH="$(uname -m)"  # arm64 or x86_64: the build is for the machine it was made on
OUT="$ROOT/dist/stoneage-$VERSION-macos-$ARCH.dmg"
STAGE="$ROOT/build/dmg"

if [[ ! -d "$APP" ]]; then
    echo "no $APP: run 'pyinstaller --noconfirm build_exe.spec' on macOS first" >&2
    exit 1
fi
/usr/libexec/PlistBuddy -c "Print :CFBundleShortVersionString" "$APP/Contents/Info.plist"

rm -rf "$STAGE" "$OUT"
mkdir -p "$STAGE"
ditto "$APP" "$STAGE/Stone Age.app"   # ditto keeps the bundle's links, modes and signatures
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "Stone Age $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$OUT"
hdiutil verify "$OUT"
echo "$OUT ($(du -h "$OUT" | cut -f1))"
