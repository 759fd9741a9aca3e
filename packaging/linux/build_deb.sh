#!/usr/bin/env bash
# Package the frozen build (dist/stoneage) as a Debian package: dist/stoneage_<version>_<arch>.deb
#
#   /opt/stoneage/                 the onedir program (PyInstaller build)
#   /usr/bin/stoneage              launcher script: exec /opt/stoneage/stoneage "$@"
#   /usr/share/applications/stoneage.desktop
#   /usr/share/icons/hicolor/{256x256,scalable}/apps/stoneage.{png,svg}
#   /usr/share/doc/stoneage/copyright
#
# Built with dpkg-deb --root-owner-group (no fakeroot needed). Usage, from the repo root:
#   pyinstaller --noconfirm build_exe.spec && bash packaging/linux/build_deb.sh
# shellcheck source=packaging/linux/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_build

ARCH="$(dpkg --print-architecture)"
STAGE="$ROOT/build/deb/${APP_ID}_${VERSION}_${ARCH}"
OUT="$DIST/${APP_ID}_${VERSION}_${ARCH}.deb"

# The newest glibc symbol version any bundled ELF file needs: the package's libc6 dependency.
glibc_needed() {
    find "$ONEDIR" -type f \( -name '*.so*' -o -perm -u+x \) -print0 \
        | xargs -0 objdump -T 2>/dev/null \
        | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1
}

rm -rf "$STAGE"
copy_build "$STAGE/opt/$APP_ID"

install -d "$STAGE/usr/bin"
cat > "$STAGE/usr/bin/$APP_ID" <<LAUNCHER
#!/bin/sh
# Start the game installed in /opt/$APP_ID.
exec /opt/$APP_ID/$APP_ID "\$@"
LAUNCHER
chmod 0755 "$STAGE/usr/bin/$APP_ID"

install -D -m 0644 "$ROOT/packaging/linux/stoneage.desktop" "$STAGE/usr/share/applications/$APP_ID.desktop"
install -D -m 0644 "$(icon_png)" "$STAGE/usr/share/icons/hicolor/256x256/apps/$APP_ID.png"
install -D -m 0644 "$ROOT/assets/images/icon.svg" "$STAGE/usr/share/icons/hicolor/scalable/apps/$APP_ID.svg"
install -d "$STAGE/usr/share/doc/$APP_ID"
{
    echo "Stone Age desktop edition $VERSION: MIT licence (see the project's repository)."
    echo "Bundled fonts (/opt/$APP_ID/_internal/stoneage/assets/fonts): Noto Sans, SIL Open Font License 1.1:"
    echo
    cat "$ROOT/assets/fonts/OFL.txt"
} > "$STAGE/usr/share/doc/$APP_ID/copyright"
chmod 0644 "$STAGE/usr/share/doc/$APP_ID/copyright"

GLIBC="$(glibc_needed || true)"
DEPENDS="libx11-6, libxext6"
[[ -n "$GLIBC" ]] && DEPENDS="libc6 (>= $GLIBC), $DEPENDS"
install -d "$STAGE/DEBIAN"
cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: $APP_ID
Version: $VERSION
Architecture: $ARCH
Maintainer: $MAINTAINER
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: $DEPENDS
Recommends: libxcursor1, libxi6, libxrandr2, libxfixes3, libxss1
Section: games
Priority: optional${HOMEPAGE:+
Homepage: $HOMEPAGE}
Description: $SUMMARY
 $DISPLAY_NAME for the desktop: the rules of the base game, bots of several
 levels and a table for 2 to 4 players at one screen, in English, Simplified
 Chinese and Japanese. Self-contained build (Python and SDL included).
CONTROL

# Directories 0755, files 0644 except executables; nothing group- or world-writable.
find "$STAGE" -type d -exec chmod 0755 {} +
find "$STAGE" -type f ! -perm -u+x -exec chmod 0644 {} +
find "$STAGE" -type f -perm -u+x -exec chmod 0755 {} +

mkdir -p "$DIST"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$OUT"
dpkg-deb --info "$OUT" | sed -n '/Package:/,/Description:/p'
echo "$OUT ($(du -h "$OUT" | cut -f1))"
