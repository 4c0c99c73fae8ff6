#!/usr/bin/env bash
# Two hosts with real mDNS on one machine: a race between two `materunner run` processes that find
# each other through DNS-SD, each in its own network namespace with its own D-Bus system bus and
# avahi-daemon (see docs/TESTING.md). Nothing runs in the machine's own namespace but this script.
#
# Usage: scripts/netns-mdns-race.sh MATERUNNER_BINARY OUTPUT_DIR [extra materunner run options...]
# Writes OUTPUT_DIR/{alice,bob}.json (the JSON streams) and .err (logs), and exits with 0 when both
# runs exited 0, 1 when one did not, 77 when this machine cannot create network namespaces.
# Everything it creates (namespaces, veth links, daemons, temporary folders) is removed on exit,
# also on failure or Ctrl-C.
set -euo pipefail

binary=${1:?usage: $0 MATERUNNER_BINARY OUTPUT_DIR [run options...]}
out=${2:?usage: $0 MATERUNNER_BINARY OUTPUT_DIR [run options...]}
shift 2
extra=("$@")
binary=$(readlink -f "$binary")
mkdir -p "$out"
out=$(readlink -f "$out")

source "$(dirname "$0")/lib/netns.sh"
netns_require ip unshare nsenter dbus-daemon avahi-daemon
netns_pair "mr$$"

# Runs "$@" in namespace $1 with a private /run holding its own system bus and avahi-daemon, and a
# host name of its own (two avahi-daemons with the machine's one name would collide and re-probe):
# netns_host starts that host, netns_in runs the command in it (its pid in `runners`).
runners=()
host() {
    local ns=$1 run=$2 name=$3
    shift 3
    netns_host "$ns" "$run" "mr-$name" || exit 1
    (netns_in "$netns_holder" "$@" >"$out/$name.json" 2>"$out/$name.err") &
    runners+=($!)
    pids+=($!)
}

common=(--goal 0.3 --speedup 20 --frontend json --wait 40 --log-level info "${extra[@]}")
host "$nsA" "$runA" alice timeout 120 "$binary" run --name alice --pace 5:00 --seed 11 "${common[@]}"
host "$nsB" "$runB" bob timeout 120 "$binary" run --name bob --pace 5:30 --seed 12 "${common[@]}"

status=0
for pid in "${runners[@]}"; do
    wait "$pid" || status=1
done
exit "$status"
