#!/usr/bin/env bash
# Installs the programs the tests need besides npm packages: Chromium's headless shell, or
# Chromium where the distribution has no package of the shell (the tests drive the system's
# browser, not Playwright's download: tests/support/browser.ts), nginx (the tests also serve the
# build the way production does), openssl (a certificate for checking the production nginx
# configuration) and curl (the test delivery of each webhook event page is a curl command, which
# the checks of the built site run against the sample receivers).
# As root it installs them with apt-get; otherwise it says what to install.
set -euo pipefail

root_with_apt=false
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then root_with_apt=true; fi

missing=()
# As root, the shell is installed even beside a Chromium that is already there (the tests take
# less time with it); otherwise either will do.
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
  if $root_with_apt; then
    missing+=(chromium-headless-shell)
  elif ! command -v chromium >/dev/null 2>&1; then
    missing+=(chromium)
  fi
fi
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v curl >/dev/null 2>&1 || missing+=(curl)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: the browser, nginx, openssl and curl are installed"
  exit 0
fi

if $root_with_apt; then
  apt-get update -qq
  # Ubuntu, for one, has no package of the shell: the browser then, unless it is there already.
  if [[ " ${missing[*]} " == *" chromium-headless-shell "* ]] &&
    ! apt-cache show chromium-headless-shell >/dev/null 2>&1; then
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | grep -vx chromium-headless-shell)
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]} with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" fonts-liberation >/dev/null
  fi
  if [[ " ${missing[*]} " == *" nginx "* ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null 2>&1 ||
      echo "setup: the nginx brotli module is not available; nginx will serve gzip only"
  fi
  exit 0
fi

cat >&2 <<MSG
setup: the tests need programs that are not installed: ${missing[*]}.
  On Debian, as root:  apt-get install chromium-headless-shell nginx openssl curl
  (chromium where there is no chromium-headless-shell package, as on Ubuntu)
  Elsewhere, install Chromium, nginx, openssl and curl with your package manager, or point
  CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
