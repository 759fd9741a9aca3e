#!/usr/bin/env bash
# Package the frozen build (dist/stoneage) as dist/stoneage-<version>-linux-<machine>.tar.gz:
#
#   stoneage-<version>/stoneage            start the game (double-click or ./stoneage)
#   stoneage-<version>/_internal/          Python, SDL and the game's files
#   stoneage-<version>/stoneage.desktop    menu entry (see INSTALL.txt)
#   stoneage-<version>/stoneage.png        its icon
#   stoneage-<version>/INSTALL.txt
#
# Usage, from the repo root: pyinstaller --noconfirm build_exe.spec && bash packaging/linux/build_tarball.sh
# shellcheck source=packaging/linux/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_build

NAME="$APP_ID-$VERSION"
STAGE="$ROOT/build/tarball/$NAME"
OUT="$DIST/$APP_ID-$VERSION-linux-$MACHINE.tar.gz"

rm -rf "$STAGE"
copy_build "$STAGE"
install -m 0644 "$(icon_png)" "$STAGE/$APP_ID.png"
install -m 0644 "$ROOT/packaging/linux/stoneage.desktop" "$STAGE/$APP_ID.desktop"
cat > "$STAGE/INSTALL.txt" <<TEXT
$DISPLAY_NAME $VERSION for Linux ($MACHINE)

Start the game: run ./$APP_ID in this folder (no installation needed; keep the
_internal folder beside it).

Add it to your applications menu (for your user only):

    sed "s|^Exec=.*|Exec=\$PWD/$APP_ID|; s|^Icon=.*|Icon=\$PWD/$APP_ID.png|" $APP_ID.desktop \\
        > ~/.local/share/applications/$APP_ID.desktop

Settings and saves: ~/.local/share/stoneage   Log: ~/.local/state/stoneage/log
To uninstall, delete this folder (and the .desktop file above, if you made it).
TEXT

mkdir -p "$DIST"
tar -C "$(dirname "$STAGE")" --owner=0 --group=0 --numeric-owner -czf "$OUT" "$NAME"
echo "$OUT ($(du -h "$OUT" | cut -f1))"
