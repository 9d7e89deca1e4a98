#!/usr/bin/env bash
# Installs the programs the tests need besides npm packages: Chromium
# (the tests drive the system's browser; Playwright's browser download is not
# used), nginx (the tests also serve the build the way production does) and
# openssl (a certificate for checking the production nginx configuration)
# and curl (the test delivery of each webhook event page is a curl command,
# which the checks of the built site run against the sample receivers).
# As root it installs them with apt-get; otherwise it says what to install.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -n "${CHROMIUM_PATH:-}" ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v curl >/dev/null 2>&1 || missing+=(curl)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: chromium, nginx, openssl and curl are installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" fonts-liberation >/dev/null
  if [[ " ${missing[*]} " == *" nginx "* ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null 2>&1 ||
      echo "setup: the nginx brotli module is not available; nginx will serve gzip only"
  fi
  exit 0
fi

cat >&2 <<MSG
setup: the tests need programs that are not installed: ${missing[*]}.
  On Debian or Ubuntu, as root:  apt-get install chromium nginx openssl curl
  Elsewhere, install Chromium, nginx, openssl and curl with your package manager, or point
  CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
