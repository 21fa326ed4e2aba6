#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (tests/e2e). Does
# nothing when it is already there; otherwise installs the `chromium` package with apt-get (needs
# root and the Debian mirrors). Never downloads a browser from anywhere else.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

fail() {
  echo "ensure-chromium: $*" >&2
  echo "ensure-chromium: the browser tests need Debian's Chromium at $CHROMIUM." >&2
  echo "ensure-chromium: install it as root with: apt-get update && apt-get install -y chromium" >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get is not available on this machine."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    fail "installing needs root (not running as root, and no password-less sudo)."
  fi
fi

echo "ensure-chromium: $CHROMIUM is missing; installing the Debian package chromium..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >&2 || fail "apt-get update failed."
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >&2 ||
  fail "apt-get install chromium failed."

[ -x "$CHROMIUM" ] || fail "the chromium package installed, but $CHROMIUM is still missing."
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)." >&2
