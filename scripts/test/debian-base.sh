# shellcheck shell=bash
# Sourced by systemd-unit.sh and container-image.sh: a Debian 12 root file system with systemd,
# made once with debootstrap from Debian's mirror (about 2 min, 250 MB) and kept in the cache.
# Sets BASE to its folder. Needs root and the debootstrap package (installed when missing).
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/potomac-staffing"
BASE="$CACHE/nspawn-bookworm"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# apt_needs COMMAND PACKAGE...: installs the packages when the command is missing.
apt_needs() {
  local command="$1"
  shift
  command -v "$command" >/dev/null && return
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

debian_base() {
  [ -x "$BASE/usr/lib/systemd/systemd" ] && return
  apt_needs debootstrap debootstrap
  rm -rf "$BASE.tmp"
  mkdir -p "$CACHE"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$BASE.tmp" "$MIRROR" \
    >"$CACHE/debootstrap.log" 2>&1 || { tail -20 "$CACHE/debootstrap.log" >&2; return 1; }
  mv "$BASE.tmp" "$BASE"
}
