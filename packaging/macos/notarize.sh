#!/usr/bin/env bash
# Notarize and staple a signed .dmg (its app signed by sign.sh): Apple checks it, and the ticket
# stapled to it lets Gatekeeper open it offline. Runs in CI only when the secrets are set.
#
# Usage: bash packaging/macos/notarize.sh dist/stoneage-<version>-macos-<arch>.dmg
# Environment:
#   MACOS_SIGNING_IDENTITY   the Developer ID Application identity (the .dmg is signed too)
#   MACOS_NOTARY_APPLE_ID    the Apple ID of the developer account
#   MACOS_NOTARY_TEAM_ID     its team ID (10 characters)
#   MACOS_NOTARY_PASSWORD    an app-specific password for that Apple ID
set -euo pipefail

DMG="${1:?usage: notarize.sh DMG}"
: "${MACOS_SIGNING_IDENTITY:?}" "${MACOS_NOTARY_APPLE_ID:?}" "${MACOS_NOTARY_TEAM_ID:?}" "${MACOS_NOTARY_PASSWORD:?}"

codesign --force --timestamp --sign "$MACOS_SIGNING_IDENTITY" "$DMG"
xcrun notarytool submit "$DMG" --wait --timeout 30m \
    --apple-id "$MACOS_NOTARY_APPLE_ID" --team-id "$MACOS_NOTARY_TEAM_ID" --password "$MACOS_NOTARY_PASSWORD"
xcrun stapler staple "$DMG"
xcrun stapler validate "$DMG"
spctl --assess --type open --context context:primary-signature --verbose=2 "$DMG"
