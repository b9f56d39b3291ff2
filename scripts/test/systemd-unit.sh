#!/usr/bin/env bash
# deploy/'s unit under a real systemd: a Debian 12 container booted with systemd-nspawn (systemd as
# its PID 1), the app put in it by deploy/install.sh --root (production dependencies included), the
# host's /usr/bin/node bound into it. The service is started (it answers /healthz, makes its first
# nightly backup in the backup folder under ProtectSystem=strict), stopped, then crash-looped with a
# bad setting until its start limit stops it. Prints PASS/FAIL per check; exits 1 on a failure.
#
#   sudo scripts/test/systemd-unit.sh      # after `npm ci && npm run build`
#
# Needs root, Debian's systemd-container and debootstrap (installed with apt-get when missing) and
# Debian's mirror (the container's base, made once with debootstrap, about 2 min and 250 MB, kept in
# ~/.cache/potomac-staffing/nspawn-bookworm). Then about two minutes. PORT (default 41501) is the
# port the server listens on: the container shares the host's network.
set -euo pipefail
cd "$(dirname "$0")/../.."

NAME=potomac-staffing
PORT="${PORT:-41501}"
# shellcheck source=scripts/test/debian-base.sh
. scripts/test/debian-base.sh
WORK="$(mktemp -d /var/tmp/systemd-unit.XXXXXX)"
ROOT="$WORK/root"
NSPAWN_PID=
LEADER=
failed=0

# check NAME STATUS DETAIL: STATUS 0 passes. The conditions are run as `cond || status=$?`, which
# `set -e` leaves alone.
check() {
  if [ "$2" -eq 0 ]; then echo "PASS  $1"; else echo "FAIL  $1"; failed=$((failed + 1)); fi
  echo "      $3"
}

cleanup() {
  if [ -n "$NSPAWN_PID" ] && kill -0 "$NSPAWN_PID" 2>/dev/null; then
    kill "$NSPAWN_PID" # nspawn shuts the container down on SIGTERM
    for _ in $(seq 50); do kill -0 "$NSPAWN_PID" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$NSPAWN_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

needs() {
  [ "$(id -u)" -eq 0 ] || { echo "systemd-unit.sh: run it as root" >&2; exit 2; }
  [ -f build/server/main.js ] || { echo "systemd-unit.sh: npm run build first" >&2; exit 2; }
  apt_needs systemd-nspawn systemd-container
}

# Runs a command inside the booted container.
inside() { nsenter -t "$LEADER" -a "$@"; }
prop() { inside systemctl show -p "$1" --value "$NAME"; }

boot() {
  # --register=no --keep-unit: no machined or system bus on a host whose PID 1 is not systemd.
  systemd-nspawn -D "$ROOT" -b --register=no --keep-unit --console=pipe \
    --bind-ro=/usr/bin/node -M potomac-unit-test >"$WORK/console.log" 2>&1 &
  NSPAWN_PID=$!
  for _ in $(seq 100); do
    LEADER="$(pgrep -P "$NSPAWN_PID" || true)"
    [ -n "$LEADER" ] && inside systemctl is-system-running --wait >/dev/null 2>&1 && return
    sleep 0.3
  done
  echo "the container did not boot:" >&2
  cat "$WORK/console.log" >&2
  exit 1
}

healthz() {
  node -e "fetch('http://127.0.0.1:$PORT/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
}

wait_for() { # wait_for SECONDS COMMAND...
  local until=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$until" ] || return 1
    sleep 0.5
  done
}

start_and_stop() {
  local ok=0
  inside systemctl start "$NAME"
  wait_for 20 healthz || ok=$?
  check 'the service starts and answers /healthz' $ok \
    "$(prop ActiveState)/$(prop SubState), user $(prop User), restarts $(prop NRestarts)"

  local status="$ROOT/var/lib/$NAME/backups/backup-status.json"
  ok=0
  wait_for 20 test -s "$status" || ok=$?
  check 'it writes its backup folder under ProtectSystem=strict (the first nightly backup)' $ok \
    "$(inside stat -c '%n %A %U' "/var/lib/$NAME/backups"): $(cd "$(dirname "$status")" && echo *)"

  ok=0
  inside systemctl stop "$NAME"
  { [ "$(prop ActiveState)" = inactive ] && [ "$(prop Result)" = success ] && ! healthz; } || ok=1
  check 'it stops cleanly' $ok "$(prop ActiveState), Result=$(prop Result), exit status $(prop ExecMainStatus)"
}

# systemd 252 logs the limit and leaves the unit failed, its Result the last failure's
# ("exit-code"): a start refused by the limit records "start-limit-hit" only when the Result was
# clean before (a start by hand, not a restart after a failure).
limit_hit() {
  inside journalctl -u "$NAME" -o cat --no-pager | grep -q 'Start request repeated too quickly'
}

crash_loop() {
  # A setting the server refuses, given in a drop-in (the operator's way to change the unit; the
  # env file does not name it): the server exits 1 at every start. The unit's own RestartSec.
  mkdir -p "$ROOT/etc/systemd/system/$NAME.service.d"
  printf '[Service]\nEnvironment=BACKUP_HOUR=99\n' >"$ROOT/etc/systemd/system/$NAME.service.d/test.conf"
  inside systemctl daemon-reload
  inside systemctl reset-failed "$NAME" 2>/dev/null || true
  local before ok=0
  before="$(starts)"
  inside systemctl start "$NAME" || true
  wait_for 120 limit_hit || ok=$?
  check 'a server that exits at every start is stopped by the start limit' $ok \
    "$(inside journalctl -u "$NAME" -o cat --no-pager | grep -m1 'repeated too quickly'); $(prop ActiveState), Result=$(prop Result), NRestarts=$(prop NRestarts), limit $(prop StartLimitBurst) in $(prop StartLimitIntervalUSec), restart after $(prop RestartUSec)"
  sleep 3
  local tries=$(($(starts) - before))
  ok=0
  { [ "$(prop ActiveState)" = failed ] && [ "$tries" -eq "$(prop StartLimitBurst)" ]; } || ok=1
  check 'after as many starts as the limit allows, and stays stopped' $ok \
    "$tries starts, then none for 3 s: $(prop ActiveState)/$(prop SubState)"
}

# How many times the journal says the service was started.
starts() { inside journalctl -u "$NAME" -o cat --no-pager | grep -c '^Started ' || true; }

needs
debian_base
cp -a "$BASE" "$ROOT"
installed="$(bash deploy/install.sh --root "$ROOT" --no-start 2>&1)" || { echo "$installed" >&2; exit 1; }
sed -i "s/^PORT=.*/PORT=$PORT/" "$ROOT/etc/$NAME/env"
boot
echo "container booted: systemd $(inside systemctl --version | head -1 | cut -d' ' -f2), node $(inside node -v)"
start_and_stop
crash_loop
echo "systemd-unit: $failed failed"
[ "$failed" -eq 0 ]
