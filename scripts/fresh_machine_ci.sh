#!/usr/bin/env bash
# Runs .ci/run on a fresh Debian 12 (bookworm) made with debootstrap, in a chroot: a clean
# clone of this repository's HEAD and nothing else but the Rust toolchain, which the README
# asks a user to have (mounted read-only from this machine's rustup; crates are fetched
# again into a cargo home of the chroot's own). Everything else (certificates, a C compiler,
# Python, venv, jq, the Python packages) must come from .ci/run itself
# (docs/reliability.md, "A fresh machine").
#
# Usage (as root, with debootstrap installed): scripts/fresh_machine_ci.sh [DIR]
#   DIR  where the chroot goes (default /tmp/dabbaba-fresh); made with debootstrap when
#        it does not hold one yet, and reused (the clone inside is made anew) otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/tmp/dabbaba-fresh}
toolchain=$(rustc --print sysroot)
if [ ! -x "$dir/bin/bash" ]; then
  debootstrap --variant=minbase bookworm "$dir" http://deb.debian.org/debian
fi
cp /etc/resolv.conf "$dir/etc/resolv.conf"
# This machine's network checks TLS with its own certificate authority, which the host's
# bundle holds and a fresh Debian's does not: the chroot is given the host's bundle through
# the same variables the host sets (SSL_CERT_FILE, PIP_CERT, CARGO_HTTP_CAINFO). On a machine
# without such a proxy they point at the usual certificates.
cp "${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}" "$dir/opt/host-ca.crt"
rm -rf "$dir/root/dabbaba" "$dir/root/.cargo-ci"
git clone -q "$root" "$dir/root/dabbaba"
mkdir -p "$dir/opt/rust"
mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[$i]}" || true; done
}
trap cleanup EXIT
bind() { mount --bind "$1" "$2" || exit 1; mounts+=("$2"); }
bind "$toolchain" "$dir/opt/rust"
mount -o remount,bind,ro "$dir/opt/rust" || exit 1
mount -t proc proc "$dir/proc" || exit 1
mounts+=("$dir/proc")
bind /dev "$dir/dev"
bind /dev/pts "$dir/dev/pts"
start=$SECONDS
set +e
ca=/opt/host-ca.crt
chroot "$dir" /usr/bin/env -i HOME=/root TERM=dumb CARGO_HOME=/root/.cargo-ci \
  SSL_CERT_FILE=$ca PIP_CERT=$ca CARGO_HTTP_CAINFO=$ca \
  PATH=/opt/rust/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash -c 'cd /root/dabbaba && git log -1 --format="commit %h %s" 2>/dev/null; bash .ci/run'
rc=$?
set -e
echo "fresh-machine CI: rc $rc in $((SECONDS - start)) s (chroot $dir, $(cat "$dir/etc/debian_version"))"
exit $rc
