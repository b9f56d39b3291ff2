#!/usr/bin/env bash
# Puts the built site and server in place on a Debian machine, run as root from a checkout after
# `npm ci && npm run build` (docs/deploy-notes.md):
#
#   sudo deploy/install.sh            # install or upgrade, then (re)start the service
#   deploy/install.sh --root DIR      # lay the same files down under DIR instead of / (tests)
#
# It creates the system user potomac-staffing, copies the app to /opt/potomac-staffing with its
# production dependencies, installs the unit and, only when there is none yet, the environment
# file /etc/potomac-staffing/env. Running it again upgrades the app and keeps that file. The unit
# file is replaced on every run: changes to it belong in a drop-in,
# /etc/systemd/system/potomac-staffing.service.d/*.conf, a folder it creates and never empties (it
# writes only override.conf.example there, an example systemd ignores). It starts the service only
# when systemd is running and the root is /.
# Before installing anything it refuses an env file whose BACKUP_DIR the unit cannot write (an
# earlier install's /var/backups/potomac): docs/deploy-notes.md, "Upgrading from an earlier install".
#
# Options: --root DIR (default /, also DESTDIR=DIR); --source DIR (the built checkout, default the
# one this script is in); --skip-deps (no `npm ci` in the copy: a test of the layout, not an app that
# runs); --no-start (install, enable nothing).
set -euo pipefail

NAME=potomac-staffing
DEPLOY="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SOURCE="$(dirname "$DEPLOY")"
ROOT="${DESTDIR:-/}"
SKIP_DEPS=false
START=true

while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT="${2:?--root needs a directory}"; shift 2 ;;
    --root=*) ROOT="${1#--root=}"; shift ;;
    --source) SOURCE="$(realpath "${2:?--source needs a directory}")"; shift 2 ;;
    --skip-deps) SKIP_DEPS=true; shift ;;
    --no-start) START=false; shift ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
ROOT="$(realpath -m "$ROOT")"
at() { printf '%s%s' "${ROOT%/}" "$1"; }

APP="$(at /opt/$NAME)"
CONF_DIR="$(at /etc/$NAME)"
UNIT="$(at /etc/systemd/system/$NAME.service)"
DROP_INS="$(at /etc/systemd/system/$NAME.service.d)"
SYSUSERS="$(at /etc/sysusers.d/$NAME.conf)"

fail() { echo "install.sh: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run it as root (sudo): it creates a user and writes to /opt and /etc"
for built in build/server/main.js build/admin/index.html dist/index.html; do
  [ -f "$SOURCE/$built" ] || fail "$built is missing: run \`npm ci && npm run build\` in $SOURCE first"
done

# The Node.js the unit runs (/usr/bin/node): 20.19 or later, 24 LTS recommended.
check_node() {
  local version
  version="$(/usr/bin/node -p 'process.versions.node' 2>/dev/null)" ||
    fail "no /usr/bin/node: install Node.js 24 (docs/deploy-notes.md, \"Node.js versions\")"
  local major="${version%%.*}" minor
  minor="$(echo "$version" | cut -d. -f2)"
  if [ "$major" -lt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -lt 19 ]; }; then
    fail "/usr/bin/node is $version; the server needs 20.19 or later (24 LTS recommended)"
  fi
  [ "$major" -ge 24 ] || echo "note: /usr/bin/node is $version; Node.js 24 LTS is the one to run in production"
}

# An earlier install's env file may set BACKUP_DIR to a folder the unit cannot write (the old docs
# suggested /var/backups/potomac; ProtectSystem=strict makes it read-only): the copy before this
# upgrade's migrations would fail there and leave the service failed. Stop before installing
# anything unless the folder is under the state directory or a drop-in's ReadWritePaths= names it
# or a parent.
#
# The words of a setting in a unit file, one a line, split and unquoted as systemd does ("…" and
# '…'); an empty line for an empty assignment, which resets the list.
setting_words() {
  local line
  sed -n "s/^[[:space:]]*$2=//p" "$1" | while IFS= read -r line; do
    if [ -z "${line//[[:space:]]/}" ]; then echo; else printf '%s\n' "$line" | xargs -n 1 printf '%s\n'; fi
  done
}

# Where the service's BACKUP_DIR comes from and what it is (two lines), as systemd would set it:
# the env file (EnvironmentFile=) wins over Environment= for the same name; without a line there,
# the last drop-in's Environment=BACKUP_DIR=… (drop-ins are read in the order of their names).
backup_dir_setting() {
  local conf word from="" dir=""
  if [ -f "$CONF_DIR/env" ] && grep -q '^[[:space:]]*BACKUP_DIR=' "$CONF_DIR/env"; then
    echo "$CONF_DIR/env"
    sed -n 's/^[[:space:]]*BACKUP_DIR=//p' "$CONF_DIR/env" | tail -n 1 |
      sed -e 's/[[:space:]]*$//' -e 's/^"\(.*\)"$/\1/' -e "s/^'\(.*\)'$/\1/"
    return 0
  fi
  for conf in "$DROP_INS"/*.conf; do
    [ -f "$conf" ] || continue
    while IFS= read -r word; do
      case "$word" in
        '') from="" dir="" ;;
        BACKUP_DIR=*) from="$conf" dir="${word#BACKUP_DIR=}" ;;
      esac
    done < <(setting_words "$conf" Environment)
  done
  printf '%s\n%s\n' "$from" "$dir"
}

# Whether the unit may write DIR: under its state directory, or under a path the drop-ins'
# ReadWritePaths= name (quoted or not; an empty assignment drops those named before it).
writable_by_unit() {
  local dir="$1" conf allowed paths=()
  case "$dir/" in /var/lib/$NAME/*) return 0 ;; esac
  for conf in "$DROP_INS"/*.conf; do
    [ -f "$conf" ] || continue
    while IFS= read -r allowed; do
      if [ -z "$allowed" ]; then paths=(); else paths+=("$allowed"); fi
    done < <(setting_words "$conf" ReadWritePaths)
  done
  for allowed in "${paths[@]+"${paths[@]}"}"; do
    allowed="$(realpath -m -s "${allowed#[-+]}")"
    case "$dir/" in "${allowed%/}"/*) return 0 ;; esac
  done
  return 1
}

check_backup_dir() {
  local from dir
  { read -r from && read -r dir; } < <(backup_dir_setting) || true
  [ -n "$dir" ] || return 0
  case "$dir" in /*) dir="$(realpath -m -s "$dir")" ;; *) dir="/opt/$NAME/$dir" ;; esac
  writable_by_unit "$dir" && return 0
  fail "BACKUP_DIR=$dir in $from is a folder the service cannot write (the unit's \
ProtectSystem=strict makes it read-only): the copy before this upgrade's migrations would fail \
there and the service would be left failed. Nothing was installed. Either
  1. change that line to BACKUP_DIR=/var/lib/$NAME/backups (a folder the unit creates), or
  2. keep the folder: add a drop-in $DROP_INS/backups.conf with the two lines
       [Service]
       ReadWritePaths=$dir
     and create the folder owned by the service's user:
       install -d -m 0700 -o $NAME -g $NAME $dir
then run install.sh again (docs/deploy-notes.md, \"Upgrading from an earlier install\")."
}

# The user and group, from the same sysusers.d line systemd would read at boot.
create_user() {
  install -D -m 0644 "$DEPLOY/$NAME.sysusers" "$SYSUSERS"
  if command -v systemd-sysusers >/dev/null; then
    systemd-sysusers --root="$ROOT" "$SYSUSERS"
  elif [ "$ROOT" = / ]; then
    getent passwd "$NAME" >/dev/null ||
      useradd --system --user-group --home-dir /nonexistent --shell /usr/sbin/nologin "$NAME"
  else
    fail "systemd-sysusers is needed to create the user under --root"
  fi
}

# The group's number as the root's own /etc/group knows it (under --root the host has no such group).
group_id() {
  awk -F: -v name="$NAME" '$1 == name { print $3 }' "$(at /etc/group)"
}

# The app: copied into a new folder, which replaces the old one only once it is complete; the
# previous release stays beside it as $NAME.previous (to go back: swap the two, restart).
install_app() {
  local next="$APP.next"
  rm -rf "$next"
  mkdir -p "$next"
  # The publish (an owner's edit of the site) renders again at run time: it reads the content and
  # the images of src/ as well as the build.
  for part in package.json package-lock.json build dist scripts/run src/content src/assets; do
    mkdir -p "$next/$(dirname "$part")"
    cp -a "$SOURCE/$part" "$next/$part"
  done
  if [ "$SKIP_DEPS" = false ]; then
    (cd "$next" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
  fi
  # The owner's commands (`node scripts/run/admin.mjs …`) read .env in the app's folder.
  ln -sfn "/etc/$NAME/env" "$next/.env"
  chown -R 0:0 "$next"
  chmod -R u=rwX,go=rX "$next"
  if [ -d "$APP" ]; then
    rm -rf "$APP.previous"
    mv "$APP" "$APP.previous"
  fi
  mv "$next" "$APP"
}

install_config() {
  local gid
  gid="$(group_id)"
  [ -n "$gid" ] || fail "the group $NAME was not created"
  install -D -m 0644 "$DEPLOY/$NAME.service" "$UNIT"
  # The operator's changes to the unit: their *.conf files there are never touched; the example
  # (not a .conf, so systemd does not read it) is brought up to date.
  install -d -m 0755 "$DROP_INS"
  install -m 0644 "$DEPLOY/override.conf.example" "$DROP_INS/override.conf.example"
  install -d -m 0750 -o 0 -g "$gid" "$CONF_DIR"
  if [ -e "$CONF_DIR/env" ]; then
    echo "kept $CONF_DIR/env"
  else
    # Secrets go in here (SMTP_URL's password): the service's group reads it, nobody else.
    install -m 0640 -o 0 -g "$gid" "$DEPLOY/$NAME.env" "$CONF_DIR/env"
    echo "wrote $CONF_DIR/env: edit it, then: systemctl restart $NAME"
  fi
}

# Starts (or restarts, after an upgrade) the service when this is a live systemd machine.
start_service() {
  if [ "$START" = false ]; then return; fi
  if [ "$ROOT" != / ]; then
    systemctl --root="$ROOT" enable "$NAME.service" >/dev/null 2>&1 ||
      echo "note: could not enable $NAME under $ROOT (systemctl --root)"
    return
  fi
  if [ ! -d /run/systemd/system ]; then
    echo "systemd is not running here: start the server with the unit's command by hand"
    return
  fi
  systemctl daemon-reload
  systemctl enable "$NAME.service"
  systemctl restart "$NAME.service"
  systemctl --no-pager --lines=5 status "$NAME.service" || true
}

check_node
check_backup_dir
create_user
install_app
install_config
start_service
echo "installed $NAME in $APP"
