#!/usr/bin/env bash
# Discovery interop with real Avahi: two hosts on one machine, each a network namespace with its own
# D-Bus system bus, avahi-daemon and host name (see docs/TESTING.md and scripts/netns-mdns-race.sh).
# Nothing runs in the machine's own namespace but this script.
#
# Usage: scripts/netns-mdns-peers.sh MATERUNNER_BINARY OUTPUT_DIR
# In OUTPUT_DIR it leaves:
#   browse.txt       `avahi-browse -r -p -t _materunner._udp` in B while our `run --name alice` waits in A
#   peers-list.json  `materunner peers --seconds 3 --json` in B at the same time
#   watch.json       `materunner peers --watch --json` in B while, in A, a runner faked with avahi-publish
#                    ("bob") comes and is killed, then alice races a second alice (run in B) and both end,
#                    then host A vanishes (its avahi-daemon killed) while "carol" is published there
#   timings.txt      seconds until each thing was seen; *.err the programs' logs
# Exits 0 when every step was seen in time, 1 when one was not, 77 when namespaces cannot be made.
# Everything it starts is stopped by pid, and the namespaces deleted, on any exit.
set -euo pipefail

binary=$(readlink -f "${1:?usage: $0 MATERUNNER_BINARY OUTPUT_DIR}")
out=${2:?usage: $0 MATERUNNER_BINARY OUTPUT_DIR}
mkdir -p "$out"
out=$(readlink -f "$out")

source "$(dirname "$0")/lib/netns.sh"
netns_require ip unshare nsenter dbus-daemon avahi-daemon avahi-browse avahi-publish timeout
netns_pair "mp$$"

# A host: a process holding namespace $1's private /run (its own bus and avahi-daemon) and host name
# (netns_host in lib/netns.sh); commands join it with nsenter.
netns_host "$nsA" "$runA" mr-a; hostA=$netns_holder
netns_host "$nsB" "$runB" mr-b; hostB=$netns_holder
# netns_in execs the command: run in the background, $! is the command's own pid.
inA() { netns_in "$hostA" "$@"; }
inB() { netns_in "$hostB" "$@"; }
export AVAHI_COMPAT_NOWARN=1

status=0
# Marks the run failed and says why in timings.txt (the test prints it).
fail() {
    echo "FAILED: $*" >>"$out/timings.txt"
    status=1
}
# Waits up to $2 tenths of a second for grep -E "$1" to match $5 lines (default 1) of file $3;
# records the time under $4.
await() {
    local pattern=$1 tenths=$2 file=$3 label=$4 lines=${5:-1} started=$SECONDS i
    for ((i = 0; i < tenths; i++)); do
        if [ "$(grep -Ec "$pattern" "$file" 2>/dev/null)" -ge "$lines" ]; then
            echo "$label $((SECONDS - started))" >>"$out/timings.txt"
            return 0
        fi
        sleep 0.1
    done
    echo "$label not seen" >>"$out/timings.txt"
    fail "$label not seen within $((tenths / 10)) s"
    return 1
}
: >"$out/timings.txt"

# 1. Our registration, seen by avahi-browse on the other host with its TXT record.
race=(--mates 1 --wait 60 --goal 0.3 --speedup 20 --frontend json --log-level info)
(inA timeout 90 "$binary" run --name alice --port 47474 "${race[@]}" >"$out/alice.json" 2>"$out/alice.err") &
pids+=($!); alice=$!
started=$SECONDS
for _ in $(seq 20); do
    (inB timeout 10 avahi-browse -r -p -t _materunner._udp >"$out/browse.txt" 2>"$out/browse.err") || true
    grep -q '^=;[^;]*;IPv4;alice-' "$out/browse.txt" && break
done
if grep -q '^=;[^;]*;IPv4;alice-' "$out/browse.txt"; then
    echo "avahi-browse-saw-alice $((SECONDS - started))" >>"$out/timings.txt"
else
    fail "avahi-browse never saw alice"
fi
(inB timeout 30 "$binary" peers --seconds 3 --json >"$out/peers-list.json" 2>"$out/peers-list.err") ||
    fail "peers --seconds 3 --json in B exited $?"

# 2. Our peers --watch sees a runner faked with avahi-publish, and sees it go when it is killed.
(inB "$binary" peers --watch --json >"$out/watch.json" 2>"$out/watch.err") &
pids+=($!); watcher=$!
(inA avahi-publish -s bob _materunner._udp 47475 "v=2" "id=00000000000000bb" "name=bob" "state=free" \
    >/dev/null 2>"$out/bob.err") &
pids+=($!); bob=$!
await '"event":"appeared".*"name":"bob"' 150 "$out/watch.json" peers-saw-bob || true
kill -KILL "$bob"  # a crash: no goodbye of its own; its avahi-daemon withdraws the service
await '"event":"disappeared","instance":"bob"' 150 "$out/watch.json" bob-gone || true

# 3. A mate for alice, also called alice (names may clash; instances carry the runner id): both
#    register, start running (alice's TXT becomes state=running with a race id), race, end, and are
#    gone from the list.
(inB timeout 90 "$binary" run --name alice --port 47477 "${race[@]}" >"$out/alice-b.json" 2>"$out/alice-b.err") ||
    fail "the second alice (in B) exited $?"
wait "$alice" || fail "the first alice (in A) exited $?"
await '"event":"updated".*"name":"alice".*"state":"running"' 50 "$out/watch.json" alice-running || true
# Both alices go: their two goodbyes may reach the watcher a moment apart (waiting for the first alone
# and counting at once made this script fail about one run in seven).
await '"event":"disappeared","instance":"alice-' 150 "$out/watch.json" alice-gone 2 || true
gone=$(grep -c '"event":"disappeared","instance":"alice-' "$out/watch.json" || true)
[ "$gone" = 2 ] || fail "alice disappeared $gone times, not 2"

# 4. A host that vanishes without a goodbye (its avahi-daemon killed): the mate is lost when its
#    address record expires from B's cache, Avahi's host-name TTL of 120 s.
(inA avahi-publish -s carol _materunner._udp 47478 "v=2" "id=00000000000000cc" "name=carol" "state=free" \
    >/dev/null 2>"$out/carol.err") &
pids+=($!)
await '"event":"appeared".*"name":"carol"' 150 "$out/watch.json" peers-saw-carol || true
for pid in $(ip netns pids "$nsA"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = avahi-daemon ] && kill -KILL "$pid"
done
await '"event":"disappeared","instance":"carol"' 1500 "$out/watch.json" carol-gone-silently || true

kill -INT "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
exit "$status"
