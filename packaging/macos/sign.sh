#!/usr/bin/env bash
# Sign dist/Stone Age.app with a Developer ID certificate and the hardened runtime (needed for
# notarization). Runs in CI only when the signing secrets are set; locally, with the certificate
# already in your login keychain, only MACOS_SIGNING_IDENTITY is needed.
#
# Environment:
#   MACOS_SIGNING_IDENTITY       e.g. "Developer ID Application: Jane Doe (TEAMID1234)"
#   MACOS_CERTIFICATE            (CI) the .p12 certificate and key, base64-encoded
#   MACOS_CERTIFICATE_PASSWORD   (CI) the .p12's password
#
# Every Mach-O file inside the bundle is signed first, then any framework in it, then the
# bundle itself: inside out, as Apple asks (no --deep).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
APP="$ROOT/dist/Stone Age.app"
ENTITLEMENTS="$ROOT/packaging/macos/entitlements.plist"
: "${MACOS_SIGNING_IDENTITY:?set MACOS_SIGNING_IDENTITY to the Developer ID Application identity}"

# CI: put the certificate into a temporary keychain that codesign searches.
if [[ -n "${MACOS_CERTIFICATE:-}" ]]; then
    KEYCHAIN="$RUNNER_TEMP/signing.keychain-db"
    KEYCHAIN_PASSWORD="$(uuidgen)"
    echo "$MACOS_CERTIFICATE" | base64 --decode > "$RUNNER_TEMP/certificate.p12"
    security create-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
    security set-keychain-settings -lut 21600 "$KEYCHAIN"
    security unlock-keychain -p "$KEYCHAIN_PASSWORD" "$KEYCHAIN"
    security import "$RUNNER_TEMP/certificate.p12" -P "${MACOS_CERTIFICATE_PASSWORD:-}" -A -t cert -f pkcs12 -k "$KEYCHAIN"
    security set-key-partition-list -S apple-tool:,apple: -k "$KEYCHAIN_PASSWORD" "$KEYCHAIN" >/dev/null
    mapfile -t KEYCHAINS < <(security list-keychains -d user | sed -e 's/^ *"//' -e 's/"$//')
    security list-keychains -d user -s "$KEYCHAIN" "${KEYCHAINS[@]}"
    rm -f "$RUNNER_TEMP/certificate.p12"
fi

sign() {
    codesign --force --timestamp --options runtime --entitlements "$ENTITLEMENTS" \
        --sign "$MACOS_SIGNING_IDENTITY" "$@"
}

# Inside out: the libraries and extension modules, then the program, then the bundle.
while IFS= read -r -d '' file; do
    if file -b "$file" | grep -q "Mach-O"; then
        sign "$file"
    fi
done < <(find "$APP/Contents" -type f ! -path "*/_CodeSignature/*" -print0 | sort -rz)
# Framework bundles (a framework build of Python is collected as Python.framework), deepest first.
while IFS= read -r -d '' framework; do
    sign "$framework"
done < <(find "$APP/Contents" -type d -name "*.framework" -print0 | sort -rz)
sign "$APP"
codesign --verify --deep --strict --verbose=2 "$APP"
