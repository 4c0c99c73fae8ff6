#!/usr/bin/env bash
# Test hosts with real mDNS on one machine, for a test that drives the processes itself: N network
# namespaces on a bridge (scripts/lib/netns.sh, netns_bridge), each with its own D-Bus system bus,
# avahi-daemon and host name. Nothing runs in the machine's own namespace but this script.
#
# Usage: scripts/netns-hosts.sh N OUTPUT_DIR
# Once every host is up, writes OUTPUT_DIR/hosts, one line per host: "I HOLDER_PID ADDRESS"; a test
# runs a command on host I with `nsenter -t HOLDER_PID -m -u -n COMMAND...` (its own /run, so its
# own avahi-daemon, and its own network). Then waits until its standard input ends (or SIGTERM, or
# NETNS_HOST_SECONDS, 400 by default) and removes everything it made: the daemons and whatever else
# still runs in the namespaces (by pid), the namespaces, links and bridge, the temporary folders.
# Exits 77 when this machine cannot create network namespaces, 1 when a host did not start.
set -euo pipefail

count=${1:?usage: $0 N OUTPUT_DIR}
out=${2:?usage: $0 N OUTPUT_DIR}
mkdir -p "$out"
out=$(readlink -f "$out")

source "$(dirname "$0")/lib/netns.sh"
netns_require ip unshare nsenter dbus-daemon avahi-daemon
netns_bridge "mh$$" "$count"

lines=()
for ((i = 1; i <= count; i++)); do
    netns_host "${hostNs[i]}" "${hostRun[i]}" "mr-host$i" || exit 1
    lines+=("$i $netns_holder ${hostAddress[i]}")
done
printf '%s\n' "${lines[@]}" >"$out/hosts.tmp"
mv "$out/hosts.tmp" "$out/hosts"

# Until the test is done with the hosts (bounded: the holders end after NETNS_HOST_SECONDS anyway).
read -r -t "${NETNS_HOST_SECONDS:-400}" _ || true
