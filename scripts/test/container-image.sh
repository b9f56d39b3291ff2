#!/usr/bin/env bash
# deploy/Dockerfile built and run for real, with Debian's podman and buildah and no image registry:
# the Dockerfile's NODE_IMAGE (node:24-bookworm-slim on a machine that can pull it) is replaced by a
# base made here, Debian 12 (debootstrap) with Node.js 24 in /usr/local/bin and the user `node`
# (uid 1000), as in the official image. The image is run; its HEALTHCHECK must answer 0, it must
# store a quote in /data as uid 1000 and stop cleanly on SIGTERM. PASS/FAIL per check; exit 1 on
# a failure.
#
#   sudo scripts/test/container-image.sh
#
# Needs root, Debian's mirror (apt-get podman buildah runc debootstrap when missing, the base once)
# and the npm registry (the Dockerfile's `npm ci`s). What this machine (a VM whose PID 1 is not
# systemd) needs besides, none of it in the Dockerfile: its cgroups are v1 and v2 at once
# ("hybrid"), which podman's crun refuses, so the build runs its steps with --isolation=chroot and
# the container runs with runc; root lacks CAP_SYS_RESOURCE, so the container's open-file and
# process limits are set no higher than this shell's; the build machine's CA bundle goes into the
# local base (NODE_EXTRA_CA_CERTS), for its egress proxy that intercepts TLS. `--format docker`:
# an OCI image (podman's default) drops HEALTHCHECK. PORT: default 41502 (the container shares the
# host's network).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/test/debian-base.sh
. scripts/test/debian-base.sh

PORT="${PORT:-41502}"
NODE_BASE=localhost/potomac-node:24-bookworm-local
IMAGE=localhost/potomac-staffing:test
RUNNING=potomac-image-test
CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
failed=0

# check NAME STATUS DETAIL: STATUS 0 passes.
check() {
  if [ "$2" -eq 0 ]; then echo "PASS  $1"; else echo "FAIL  $1"; failed=$((failed + 1)); fi
  echo "      $3"
}
trap 'podman rm -f "$RUNNING" >/dev/null 2>&1 || true' EXIT

needs() {
  [ "$(id -u)" -eq 0 ] || { echo "container-image.sh: run it as root" >&2; exit 2; }
  apt_needs podman podman
  apt_needs buildah buildah
  apt_needs runc runc
}

# Node 24 from the npm package that `npm run test:node24` uses (scripts/test/node24.ts).
node24() {
  npx tsx -e "import('./scripts/test/node24.ts').then((m) => console.log(m.ensureNode24()))" |
    tail -1
}

# The stand-in for node:24-bookworm-slim.
base_image() {
  podman image exists "$NODE_BASE" && return
  local node ctr mnt npm
  node="$(node24)"
  npm="$(npm root -g)/npm"
  ctr="$(buildah from scratch)"
  mnt="$(buildah mount "$ctr")"
  cp -a "$BASE/." "$mnt/"
  install -D -m 0755 "$node" "$mnt/usr/local/bin/node"
  mkdir -p "$mnt/usr/local/lib/node_modules"
  cp -a "$npm" "$mnt/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
  install -D -m 0644 "$CA_BUNDLE" "$mnt/usr/local/share/build-machine-ca.crt"
  chroot "$mnt" useradd --uid 1000 --user-group --create-home --shell /bin/bash node
  buildah umount "$ctr" >/dev/null
  buildah config --cmd node \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_EXTRA_CA_CERTS=/usr/local/share/build-machine-ca.crt "$ctr"
  buildah commit -q "$ctr" "$NODE_BASE" >/dev/null
  buildah rm "$ctr" >/dev/null
}

build() {
  local started=$SECONDS ok=0
  podman build --format docker --isolation=chroot --network=host -f deploy/Dockerfile \
    --build-arg "NODE_IMAGE=$NODE_BASE" -t "$IMAGE" . >"${TMPDIR:-/tmp}/container-image-build.log" 2>&1 ||
    ok=$?
  check 'podman build -f deploy/Dockerfile' $ok \
    "$((SECONDS - started)) s, image $(podman image inspect -f '{{.Size}}' "$IMAGE" 2>/dev/null | numfmt --to=iec || echo none); log: ${TMPDIR:-/tmp}/container-image-build.log"
  [ $ok -eq 0 ] || { tail -30 "${TMPDIR:-/tmp}/container-image-build.log" >&2; exit 1; }
}

healthcheck() { podman --runtime runc healthcheck run "$RUNNING" >/dev/null 2>&1; }

post_quote() {
  node -e "
    const body = { clientName: 'Image test', phone: '(202) 555-0143', email: 'image@example.com',
      eventDate: new Date(Date.now() + 45 * 864e5).toISOString().slice(0, 10), guestCount: '50',
      address: '1401 Pennsylvania Ave NW, Washington, DC', services: 'Bartenders & Mixologists',
      additionalInfo: '' };
    fetch('http://127.0.0.1:$PORT/api/forms/quote', { method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', accept: 'application/json' } })
      .then(async (r) => { console.log(r.status, await r.text()); process.exit(r.ok ? 0 : 1); },
        (e) => { console.log(e.message); process.exit(1); });"
}

run_image() {
  # --health-interval=disable: podman would run the healthcheck on a systemd timer, which a host
  # without systemd lacks; the test asks it by hand (podman healthcheck run). Podman 4.3 still logs
  # "unable to get systemd connection" for that timer: harmless.
  podman --runtime runc run -d --name "$RUNNING" --network=host --health-interval=disable \
    --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit "nproc=4096:4096" \
    -e PORT="$PORT" -e HOST=127.0.0.1 "$IMAGE" >/dev/null
  local ok=0 tries=0
  until healthcheck; do
    tries=$((tries + 1))
    [ $tries -lt 60 ] || { ok=1; break; }
    sleep 0.5
  done
  check "the image's HEALTHCHECK answers 0 once the server is up" $ok \
    "after $tries tries; $(podman inspect -f '{{.Config.Healthcheck.Test}}' "$RUNNING" | cut -c1-60)…"

  ok=0
  local answer
  answer="$(post_quote)" || ok=1
  check 'it stores a quote in /data as uid 1000 (node), on Node 24' $ok \
    "POST /api/forms/quote: $(echo "$answer" | cut -c1-80); uid $(podman exec "$RUNNING" id -u), $(podman exec "$RUNNING" node -v); /data: $(podman exec "$RUNNING" ls /data | tr '\n' ' ')"

  ok=0
  podman stop -t 20 "$RUNNING" >/dev/null
  local code
  code="$(podman inspect -f '{{.State.ExitCode}}' "$RUNNING")"
  [ "$code" = 0 ] || ok=1
  check 'it stops on SIGTERM (podman stop) with exit code 0' $ok "exit code $code"
}

needs
debian_base
base_image
build
run_image
echo "container-image: $failed failed"
[ "$failed" -eq 0 ]
