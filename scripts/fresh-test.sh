#!/usr/bin/env bash
# The fresh-machine test (make fresh-test; its costs are in docs/packaging.md). In a minimal Debian
# chroot that mmdebstrap makes from this machine's own apt sources, a clone of this repository runs
# the README's `make demo`, which must install what it needs and pass. Then `make package` builds
# the .deb here, and in a second fresh chroot `apt-get install ./plumb_*.deb` installs it and
# scripts/check-installed.sh uses it: every sample solved, plumb serve answering, man plumb, the
# bash completion, the Python module if the package holds it. Prints the time of each step.
# The chroots live under one temporary folder, removed at the end, on failure too. Needs root
# (mmdebstrap's root mode, as CI runs it); when a chroot cannot be made it says why and exits 4.
# Usage: scripts/fresh-test.sh   (FRESH_TARGET=test: the clone runs `make test` instead of `make demo`)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
target=${FRESH_TARGET:-demo}

environment_failure() {
  echo "fresh-test: $*" >&2
  exit 4
}
[ "$(id -u)" -eq 0 ] || environment_failure "mmdebstrap's chroots need root: run sudo make fresh-test"
command -v mmdebstrap >/dev/null ||
  environment_failure "mmdebstrap is missing: run scripts/install-deps.sh package"
suite=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null || true)
[ -n "$suite" ] || environment_failure "cannot tell this machine's Debian release (/etc/os-release)"

# The machine's apt sources, as they are, but those signed by another key than Debian's: the
# chroots hold Debian's keys alone.
sources=()
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  if [ ! -s "$file" ] || ! grep -qiE '^[[:space:]]*(deb|types:)' "$file"; then continue; fi
  if grep -i 'signed-by' "$file" | grep -qv 'debian-archive-keyring'; then
    echo "fresh-test: leaving out $file, signed by another key than Debian's"
    continue
  fi
  sources+=("$file")
done
[ ${#sources[@]} -gt 0 ] || environment_failure "no Debian apt sources in /etc/apt to make a chroot from"

work=$(mktemp -d "${TMPDIR:-/tmp}/plumb-fresh.XXXXXX")
chmod 755 "$work"  # apt in the chroots downloads as its own user, _apt
# mmdebstrap unmounts what it mounts in a chroot; should a run be killed, nothing may still be
# mounted under the work folder when it is removed.
mounted_under_work() {
  awk -v work="$work/" 'index($2, work) == 1 { print $2 }' /proc/self/mounts | sort -r
}
cleanup() {
  local mount
  for mount in $(mounted_under_work); do umount "$mount" 2>/dev/null || umount -l "$mount" || true; done
  if [ -n "$(mounted_under_work)" ]; then
    echo "fresh-test: something is still mounted under $work: left in place" >&2
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT

names=() seconds=()
step() {  # NAME SECONDS: notes a step's time
  names+=("$1")
  seconds+=("$2")
  echo "fresh-test: $1: $2 s"
}
stamp() {  # a hook that notes when mmdebstrap reaches it, in $work/NAME
  echo "date +%s > $work/$1"
}
# PATH and a bare environment inside a chroot, as a fresh login has them ($1: mmdebstrap's chroot).
# shellcheck disable=SC2016
inside='chroot "$1" env -i HOME=/root TERM=dumb DEBIAN_FRONTEND=noninteractive'
inside+=' PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
# mmdebstrap SUITE /dev/null (a chroot in $work, removed when the hooks are done) with these options.
chroot_run() {
  TMPDIR=$work mmdebstrap --mode=root --variant=apt "$@" "$suite" /dev/null "${sources[@]}"
}
chroot_failed() {  # STAMP WHAT: exit 4 if the chroot was never made, else 1
  if [ ! -f "$work/$1" ]; then
    environment_failure "mmdebstrap could not make a $suite chroot here (its messages are above)"
  fi
  echo "fresh-test: FAILED: $2" >&2
  exit 1
}
began=$(date +%s)

# 1. A clone, as a user has just made it, runs the README's make demo in a chroot with git and make.
git clone --quiet "$repo" "$work/plumb"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
  echo "fresh-test: note: the clone holds the last commit, not the changes beside it"
# make test also fetches Playwright from the npm registry over HTTPS. Behind a proxy that re-signs
# HTTPS, as this workplace's network is, a fresh machine needs that network's certificate
# authorities, which the machine keeps in /usr/local/share/ca-certificates: they are copied in for
# it (and node pointed at the system's store). make demo needs nothing of the kind.
network=()
if [ "$target" != demo ] && compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  network=(--customize-hook="copy-in /usr/local/share/ca-certificates /usr/local/share")
  inside+=' NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'
fi
start=$(date +%s)
chroot_run --include=git,make "${network[@]}" \
  --customize-hook="$(stamp made-1)" \
  --customize-hook="copy-in $work/plumb /root" \
  --customize-hook="$inside sh -c 'cd /root/plumb && make $target'" \
  --customize-hook="$(stamp done-1)" || chroot_failed made-1 "make $target in a fresh chroot"
step "chroot for the clone (mmdebstrap, git, make)" $(($(cat "$work/made-1") - start))
step "make $target in it (its packages, build, $target)" $(($(cat "$work/done-1") - $(cat "$work/made-1")))
step "removing that chroot" $(($(date +%s) - $(cat "$work/done-1")))

# 2. The package, built here.
start=$(date +%s)
make package
step "make package here (build, cpack, lintian)" $(($(date +%s) - start))
deb=$(ls build-package/plumb_*_*.deb)
echo "fresh-test: $deb: $(stat -c %s "$deb") bytes, installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"

# 3. The package installed in a second fresh chroot (with man-db, which the check reads the page
#    with), and used there.
mkdir "$work/check"
cp "$deb" scripts/check-installed.sh scripts/demo.sh "$work/check"
for sample in puzzles/*/samples; do
  mkdir -p "$work/check/$(dirname "$sample")"
  cp -r "$sample" "$work/check/$sample"
done
start=$(date +%s)
chroot_run --include=man-db \
  --customize-hook="$(stamp made-2)" \
  --customize-hook="copy-in $work/check /root" \
  --customize-hook="$inside sh -c 'cd /root/check && apt-get install -y -q ./$(basename "$deb")'" \
  --customize-hook="$(stamp installed-2)" \
  --customize-hook="$inside /root/check/check-installed.sh /root/check/puzzles" \
  --customize-hook="$(stamp done-2)" || chroot_failed made-2 "the package in a fresh chroot"
step "chroot for the package (mmdebstrap, man-db)" $(($(cat "$work/made-2") - start))
step "apt-get install ./$(basename "$deb")" $(($(cat "$work/installed-2") - $(cat "$work/made-2")))
step "checks (samples, serve, man, completion)" $(($(cat "$work/done-2") - $(cat "$work/installed-2")))
step "removing that chroot" $(($(date +%s) - $(cat "$work/done-2")))

echo "fresh-test: passed; the times, in seconds:"
for i in "${!names[@]}"; do printf '  %6d  %s\n' "${seconds[i]}" "${names[i]}"; done
printf '  %6d  %s\n' $(($(date +%s) - began)) "in all"
