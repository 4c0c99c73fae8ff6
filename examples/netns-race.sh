#!/usr/bin/env bash
# A real three-host race under network faults, on one machine.
#
# Three hosts, each a network namespace with its own D-Bus system bus, avahi-daemon, host name and
# private /run, joined by veth links to a bridge that lives in a fourth namespace (nothing is created
# in, and no traffic leaves, the machine's own namespace). Each host runs `materunner run` with another
# position source:
#   alice  the simulator                       --source sim
#   bob    a GPX track replayed                --source gpx:cerknicko-jezero.gpx:xSPEEDUP
#   carol  gpsd, fed by gpsfake in carol's     --source gpsd:127.0.0.1:2947
#          namespace with the same track turned into NMEA by gpsbabel, one epoch every
#          EPOCH_SECONDS of race time
# They find each other over DNS-SD (no --peer): alice invites bob and carol (`--invite bob,carol`), who
# accept by themselves (`--join --accept-from alice`, paired with alice first: `materunner mates add`),
# and all three count down together. They share a
# race key from a file, and race over links with `tc netem $NETEM` (where the kernel has no netem: the
# loss and duplicates of $NETEM with nftables, and its delay, jitter and reordering of the race's own UDP
# datagrams with tools/nfq-delay on NFQUEUE; see FAULTS). With RESTART=1 one host (VICTIM) is
# killed with SIGKILL mid-race and started again with the same --id, --name and --port.
# At the end the final ranking of every host (the `result` frame: names in order, finished or not) is
# compared with jq: a difference is printed and fails the script.
#
# Usage: examples/netns-race.sh [MATERUNNER_BINARY [OUTPUT_DIR]]     (as root)
#   MATERUNNER_BINARY  default .build/debug/materunner
#   OUTPUT_DIR         default a new temporary folder (kept, its path printed); it gets NAME.json (the
#                      JSON stream of each host's last run), NAME.err (its log), VICTIM.killed.json/.err
#                      (the killed run), gpsfake.log, faults.txt (what was applied, where and in which
#                      order, and its counters at the end), nfq-delay-NAME.log (each delayer's counters,
#                      with FAULTS nfq), rankings.txt and summary.txt.
# Environment (defaults in brackets):
#   RESTART [1]        1: kill VICTIM mid-race and restart it; 0: no kill, a plain three-host race
#   VICTIM [bob]       alice, bob or carol
#   KILL_AFTER [8]     seconds (real) after VICTIM's race started (bob is then ~100 m into 300)
#   GOAL [0.3]         km;   SPEEDUP [30]   race clock speed-up of every host (the same on all)
#   EPOCH_SECONDS [7]  race seconds between carol's gpsd fixes (the track's points are ~10 m apart)
#   NETEM ["loss 30% delay 40ms 20ms reorder 25% duplicate 5%"]   netem parameters; "" for none
#   NETEM_ON [hosts]   hosts: on each host's end of its link, so every packet between two hosts, in
#                      each direction, crosses the faults exactly once (at its sender's egress: netem
#                      and the egress hook shape what leaves a device); both: also on the bridge's
#                      ends, so every path crosses them twice
#   FAULTS [auto]      auto: netem if the kernel has it, else nfq, else nft (warned), else none (warned).
#                      nfq: the loss and duplicate of $NETEM with nftables on the links' netdev egress
#                      hook (every packet), and its delay DELAY JITTER and reorder P% with tools/nfq-delay
#                      (built with cc into the temporary folder; needs libnetfilter-queue-dev and iptables):
#                      in each host, iptables-legacy's OUTPUT chain sends the UDP datagrams from or to port
#                      47474 (the race's; not mDNS) to NFQUEUE NFQ_QUEUE with --queue-bypass, and a delayer
#                      started in that host's namespace sends P% at once and holds the others DELAY +-
#                      JITTER ms (uniform), as netem does. OUTPUT comes before egress: delayed, then maybe
#                      lost or duplicated (the duplicate is not delayed apart, as netem's is). With
#                      NETEM_ON=both the bridge's ends get loss and duplicates only (a bridge does not pass
#                      OUTPUT), so the delay is applied once per path, the loss twice.
#                      nft: loss and duplicates only (no delay, jitter or reordering; warned). netem, nfq,
#                      nft or none force one; when nfq cannot work (no iptables NFQUEUE, no compiler or
#                      library, the delayer does not bind) it falls back to nft with a warning.
#   NFQ_QUEUE [47]     the NFQUEUE number (in each host's own namespace); NFQ_SEED [$RANDOM] the
#                      delayers' random seeds are NFQ_SEED+1..3 (in faults.txt)
#   RACE_SECONDS [90]  every runner must have ended this many seconds after the first start
# Exit: 0 all hosts ended with the same ranking; 1 a run failed, timed out or the rankings differ;
# 77 this machine cannot do it (not root, no namespaces, a tool missing). Everything started is
# stopped by pid, and every namespace, link and temporary folder removed, on any exit (also failure,
# Ctrl-C or SIGTERM). The namespaces are called nr<PID of this script>br and nr<PID>h1..3: whoever
# has to SIGKILL this script (so that its trap cannot run) can remove them by that name.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
binary=$(readlink -f "${1:-$root/.build/debug/materunner}")
[ -x "$binary" ] || { echo "no materunner binary at $binary (swift build first)" >&2; exit 1; }
if [ -n "${2:-}" ]; then
    mkdir -p "$2"
    out=$(readlink -f "$2")
else
    out=$(mktemp -d /tmp/materunner-netns-race.XXXXXX)
fi
track=$root/Tests/Fixtures/cerknicko-jezero.gpx

restart=${RESTART:-1}
victim=${VICTIM:-bob}
kill_after=${KILL_AFTER:-8}
goal=${GOAL:-0.3}
speedup=${SPEEDUP:-30}
epoch_seconds=${EPOCH_SECONDS:-7}
netem=${NETEM-loss 30% delay 40ms 20ms reorder 25% duplicate 5%}
netem_on=${NETEM_ON:-hosts}
race_seconds=${RACE_SECONDS:-90}
nfq_queue=${NFQ_QUEUE:-47}
nfq_seed=${NFQ_SEED:-$RANDOM}
port=47474
case $victim in alice | bob | carol) ;; *) echo "VICTIM must be alice, bob or carol" >&2; exit 64 ;; esac

source "$root/scripts/lib/netns.sh"
source "$root/scripts/lib/nfq-delay.sh"
netns_require ip tc unshare nsenter dbus-daemon avahi-daemon gpsfake gpsbabel jq sed
started_at=$EPOCHREALTIME
elapsed() { echo "$EPOCHREALTIME $started_at" | awk '{ printf "%.1f", $1 - $2 }'; }
say() { echo "[$(elapsed) s] $*" >&2; }

# ---- Hosts, bridge, faults -----------------------------------------------------------------------
netns_bridge "nr$$" 3
work=$(mktemp -d)
netns_tmp+=("$work")
names=(_ alice bob carol)
declare -A host holder
for i in 1 2 3; do host[${names[i]}]=$i; done
for i in 1 2 3; do
    netns_host "${hostNs[i]}" "${hostRun[i]}" "mr-${names[i]}"
    holder[${names[i]}]=$netns_holder
done

# The links to shape, as "NAMESPACE DEVICE": every host's eth0 (what a qdisc or an egress hook shapes
# is what leaves the device: on a host's eth0, everything the host sends, so each direction of each
# host pair is shaped once, at its sender), and with NETEM_ON=both also the bridge's ends.
links=()
for i in 1 2 3; do links+=("${hostNs[i]} eth0"); done
if [ "$netem_on" = both ]; then
    for i in 1 2 3; do links+=("$brNs ${bridgeLink[i]}"); done
fi
# netem, when the kernel has it. Without it (CONFIG_NET_SCH_NETEM not set, as on some VMs):
#  - nftables' netdev egress hook on the same devices does the loss and the duplicates of $NETEM (numgen
#    random), and
#  - tools/nfq-delay (built here with cc, libnetfilter_queue) does the delay, jitter and reordering: in each
#    host, iptables (legacy) sends the race's UDP datagrams (from or to port $port, not mDNS) of the IP
#    OUTPUT hook to NFQUEUE $nfq_queue (--queue-bypass), and one delayer per host, started inside that
#    host's namespace, holds each one DELAY +- JITTER ms (uniform) or, with probability REORDER, lets it go
#    at once, as netem does. The OUTPUT hook comes before the device's egress hook: a delayed datagram can
#    still be lost or duplicated (its duplicate leaves with it; netem delays a duplicate on its own).
# When iptables' NFQUEUE or the delayer does not work, only the loss and duplicates are emulated (warned).
faults_nft() { # NAMESPACE DEVICE LOSS% DUPLICATE%
    ip netns exec "$1" nft -f - <<EOF_NFT
table netdev materunner_faults_$2 {
    chain egress {
        type filter hook egress device "$2" priority 0; policy accept;
        numgen random mod 100 < $3 counter drop
        numgen random mod 100 < $4 counter dup to "$2"
    }
}
EOF_NFT
}
# netem_ms WORD: a tc time ("40ms", "0.04s", "40000us"; a bare number is in us, as for tc) in ms; empty
# when it is not one.
netem_ms() {
    sed -nE 's/^([0-9]+(\.[0-9]*)?)(s|secs?|ms|msecs?|us|usecs?)?$/\1 \3/p' <<<"$1" |
        awk '{ f = ($2 ~ /^s/) ? 1000 : ($2 ~ /^m/) ? 1 : 0.001; printf "%g", $1 * f }'
}
loss=$(sed -nE 's/.*loss ([0-9]+)(\.[0-9]*)?%.*/\1/p' <<<"$netem")
duplicate=$(sed -nE 's/.*duplicate ([0-9]+)(\.[0-9]*)?%.*/\1/p' <<<"$netem")
read -r delay_word jitter_word < <(sed -nE 's/.*delay ([0-9.]+[a-z]*)( ([0-9.]+[a-z]*))?.*/\1 \3/p' <<<"$netem") || true
delay_ms=$(netem_ms "${delay_word:-}")
jitter_ms=$(netem_ms "${jitter_word:-}")
reorder=$(sed -nE 's/.*reorder ([0-9]+(\.[0-9]*)?)%.*/\1/p' <<<"$netem")
faults=${FAULTS:-auto}
faults_note=""
if [ -z "$netem" ]; then
    faults=none
elif [ "$faults" = auto ]; then
    read -r ns dev <<<"${links[0]}"
    # shellcheck disable=SC2086 # $netem is a list of tc words
    if ip netns exec "$ns" tc qdisc add dev "$dev" root netem $netem 2>"$work/tc.err"; then
        ip netns exec "$ns" tc qdisc del dev "$dev" root
        faults=netem
    elif command -v nft >/dev/null; then
        faults=nfq
        no_netem="no netem here: $(tr '\n' ' ' <"$work/tc.err" | sed 's/ *$//')"
    else
        faults=none
        faults_note=" (no netem here and no nft: the race runs WITHOUT faults)"
    fi
fi
# nft + nfq-delay: the delayers first (they may not work here: then loss and duplicates only).
nfq_delayers=()
if [ "$faults" = nfq ]; then
    if [ -z "$delay_ms" ] && [ -z "$reorder" ]; then
        faults=nft  # nothing for a delayer to do
    elif ! nfq_delay_build "$work"; then
        faults=nft
        faults_note=" (${no_netem:-FAULTS=nfq}; and $nfq_delay_why: delay, jitter and reordering NOT emulated)"
    else
        for i in 1 2 3; do
            nfq_delay_pid=""
            if ! nfq_delay_rule "${hostNs[i]}" "$port" "$nfq_queue" ||
                ! nfq_delay_start "${hostNs[i]}" "$out/nfq-delay-${names[i]}.log" "$nfq_queue" "${delay_ms:-0}" \
                    "${jitter_ms:-0}" "${reorder:-0}" "$((nfq_seed + i))"; then
                [ -z "$nfq_delay_pid" ] || nfq_delay_stop "$nfq_delay_pid"  # started, but never bound
                faults=nft
                faults_note=" (${no_netem:-FAULTS=nfq}; and $nfq_delay_why: delay, jitter and reordering NOT emulated)"
                for pid in "${nfq_delayers[@]}"; do nfq_delay_stop "$pid"; done
                nfq_delayers=()
                for j in 1 2 3; do ip netns exec "${hostNs[j]}" "${nfq_delay_iptables:-iptables}" -w -F OUTPUT 2>/dev/null || true; done
                break
            fi
            nfq_delayers+=("$nfq_delay_pid")
        done
    fi
    [ "$faults" = nfq ] && faults_note=" (${no_netem:-FAULTS=nfq})"
elif [ "$faults" = nft ] && [ -n "$delay_ms$reorder" ]; then
    faults_note=" (delay, jitter and reordering NOT emulated)"
fi
for link in "${links[@]}"; do
    read -r ns dev <<<"$link"
    case $faults in
        # shellcheck disable=SC2086
        netem) ip netns exec "$ns" tc qdisc add dev "$dev" root netem $netem ;;
        nft | nfq) faults_nft "$ns" "$dev" "${loss:-0}" "${duplicate:-0}" ;;
    esac
done
case $faults in
    netem) faults_said="tc netem $netem on $netem_on$faults_note" ;;
    nft) faults_said="nftables egress loss ${loss:-0}% duplicate ${duplicate:-0}% on $netem_on$faults_note" ;;
    nfq) faults_said="nfq-delay ($nfq_delay_iptables OUTPUT, UDP port $port only, NFQUEUE $nfq_queue, on each host): delay ${delay_ms:-0} ms jitter ${jitter_ms:-0} ms (uniform) reorder ${reorder:-0}% (sent at once), then nftables egress loss ${loss:-0}% duplicate ${duplicate:-0}% (all packets) on $netem_on$faults_note" ;;
    *) faults_said="none$faults_note" ;;
esac
# What each shaped link did: the qdisc's or the rules' counters; and each delayer's.
faults_report() {
    for link in "${links[@]}"; do
        read -r ns dev <<<"$link"
        echo "== $ns $dev"
        case $faults in
            netem) ip netns exec "$ns" tc -s qdisc show dev "$dev" ;;
            nft | nfq) ip netns exec "$ns" nft list table netdev "materunner_faults_$dev" | grep counter ;;
        esac
    done
    if [ "$faults" = nfq ]; then
        for i in 1 2 3; do
            echo "== ${hostNs[i]} (${names[i]}) $nfq_delay_iptables OUTPUT, NFQUEUE, delayer"
            ip netns exec "${hostNs[i]}" "$nfq_delay_iptables" -w -L OUTPUT -v -n -x | tail -n +3
            echo "nfnetlink_queue before the delayer stopped (queue portid waiting copy_mode copy_range dropped user_dropped id_sequence 1): $(cat "$work/nfq-proc-${names[i]}" 2>/dev/null)"
            grep -v '^nfq-delay: ready' "$out/nfq-delay-${names[i]}.log" 2>/dev/null || echo "(no delayer log)"
        done
    fi
}
echo "faults: $faults_said" >"$out/faults.txt"
if [ "$faults" = nfq ]; then
    cat >>"$out/faults.txt" <<EOF_ORDER
order: a datagram a host sends to UDP port $port (or from it) meets its host's IP OUTPUT hook first: iptables
sends it to NFQUEUE $nfq_queue, the delayer lets it go at once (${reorder:-0}%) or after ${delay_ms:-0} +- ${jitter_ms:-0} ms;
then the netdev egress hook of eth0 (nftables: ${loss:-0}% dropped, ${duplicate:-0}% duplicated, on every packet
of the host, mDNS too). A delayed datagram can still be lost; a duplicate leaves together with its original.
The delayers' seeds: $((nfq_seed + 1)) $((nfq_seed + 2)) $((nfq_seed + 3)) (NFQ_SEED=$nfq_seed).
EOF_ORDER
fi
case $faults_note in *NOT* | *WITHOUT*) echo "warning: faults: $faults_said" >&2 ;; esac
say "3 hosts up (bridge in ${brNs}); faults: $faults_said"

# ---- Shared inputs: the race key, carol's NMEA ---------------------------------------------------
key=$work/race.key
printf 'netns race %s\n' "$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')" >"$key"
declare -A id
for name in alice bob carol; do id[$name]=$(printf '%04x%012x' $((RANDOM + 1)) $((RANDOM * RANDOM))); done

# gpsbabel writes every point as "no fix" (RMC status V, GGA quality 0: GPX has no fix type), which gpsd
# would report as no fix: mark each RMC valid and each GGA quality 1 with 4 satellites and HDOP 1.0,
# recompute the checksums, drop everything else (waypoints). Same as Tests/DataTests' NMEAFixture.
nmea_mark_valid() {
    local line body sum i c
    sed -E -e 's/\r$//' \
        -e 's/^\$GPRMC,([^,]*),V,/$GPRMC,\1,A,/' \
        -e 's/^(\$GPGGA,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),[^,]*,[^,]*,[^,]*,/\1,1,04,1.0,/' |
        while IFS= read -r line; do
            case $line in '$GPRMC,'*'*'* | '$GPGGA,'*'*'*) ;; *) continue ;; esac
            body=${line#\$}
            body=${body%\**}
            sum=0
            for ((i = 0; i < ${#body}; i++)); do
                printf -v c '%d' "'${body:i:1}"
                sum=$((sum ^ c))
            done
            printf '$%s*%02X\r\n' "$body" "$sum"
        done
}
gpsbabel -i gpx -f "$track" -o nmea -F "$work/track.nmea"
nmea_mark_valid <"$work/track.nmea" >"$work/carol.nmea"
epochs=$(grep -c '^\$GPRMC' "$work/carol.nmea")

# ---- gpsd in carol's namespace -------------------------------------------------------------------
# gpsfake -i sends one sentence per line it reads on stdin: the feeder below paces it on the race
# clock once carol's gpsd client is connected. -1: one pass. gpsd listens on carol's own loopback.
gpsd_port=2947
mkfifo "$work/gps-feed"
exec {gps_feed}<>"$work/gps-feed"
(netns_in "${holder[carol]}" gpsfake -1 -i -q -P "$gpsd_port" "$work/carol.nmea" <"$work/gps-feed" >"$out/gpsfake.log" 2>&1) &
gpsfake=$!
pids+=($gpsfake)
disown "$gpsfake"  # stopped by pid below, never waited for: no "Killed" notice from bash

# ---- START COMMAND LINES: the one place that says how each host starts ---------------------------
# alice invites the two others, found over DNS-SD by name; they accept alice's invitation by themselves.
# A restarted runner rejoins the race under way: it waits for its 2 mates (--mates 2), no invitation.
lobby_alice=(--invite bob,carol)
lobby_bob=(--join --accept-from alice)
lobby_carol=(--join --accept-from alice)
rejoin=(--mates 2)
common=(--goal "$goal" --port "$port" --wait 60 --race-key-file "$key" --frontend json --log-level info)
start_alice() { run_on alice --source sim --pace 9:00 --seed 7 --speedup "$speedup" "${lobby_alice[@]}"; }
start_bob() { run_on bob --source "gpx:$track:x$speedup" "${lobby_bob[@]}"; }
start_carol() { run_on carol --source "gpsd:127.0.0.1:$gpsd_port" --speedup "$speedup" "${lobby_carol[@]}"; }
# ---- end of START COMMAND LINES -------------------------------------------------------------------

# --accept-from accepts only a host paired with this device, and a host admits with no one at its keys
# only invitees paired with it: the three pair both ways once, out of band (what accepting one
# invitation after both sides compared its code does).
device_identity() { "$binary" mates --json --data-dir "$work/data-$1" | head -n 1 | jq -r .identity; }
alice_identity=$(device_identity alice)
for joiner in bob carol; do
    joiner_identity=$(device_identity "$joiner")
    "$binary" mates add alice "$alice_identity" --data-dir "$work/data-$joiner" >/dev/null
    "$binary" mates add "$joiner" "$joiner_identity" --data-dir "$work/data-alice" >/dev/null
done

declare -A runner started ended
# run_on NAME OPTIONS...: `materunner run` in NAME's host, JSON to $out/NAME.json, log to NAME.err; its
# pid (nsenter and env exec it) in runner[NAME]. A restart keeps the name, id, port and data folder.
run_on() {
    local name=$1
    shift
    (netns_in "${holder[$name]}" env AVAHI_COMPAT_NOWARN=1 "$binary" run --name "$name" --id "${id[$name]}" \
        --data-dir "$work/data-$name" "${common[@]}" "$@" >"$out/$name.json" 2>"$out/$name.err") &
    runner[$name]=$!
    started[$name]=$EPOCHREALTIME
    pids+=($!)
}

# stop_by_pid PID: SIGTERM, then SIGKILL if it is still there after 3 s; never waits longer.
stop_by_pid() {
    kill -TERM "$1" 2>/dev/null || return 0
    for _ in $(seq 30); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    kill -KILL "$1" 2>/dev/null || true
}

# has_line FILE PATTERN: grep -q, silent when FILE is not there yet.
has_line() { grep -q -- "$2" "$1" 2>/dev/null; }
deadline=$((SECONDS + race_seconds))
# await SECONDS FILE PATTERN: waits until FILE has a line matching PATTERN (at most SECONDS, and never
# past the race deadline); 1 when it did not come.
await() {
    local until=$((SECONDS + $1))
    [ "$until" -le "$deadline" ] || until=$deadline
    while ! has_line "$2" "$3"; do
        [ "$SECONDS" -lt "$until" ] && kill -0 "$$" 2>/dev/null || return 1
        sleep 0.1
    done
}

start_alice
start_bob
start_carol
say "runners started: alice (sim) bob (gpx) carol (gpsd), ids ${id[alice]} ${id[bob]} ${id[carol]}"

# The feeder: once carol's gpsd client is connected, two sentences (RMC and GGA) every EPOCH_SECONDS
# of race time, for at most one pass of the track; then gpsfake ends by itself.
(
    await 60 "$out/carol.err" 'connected to gpsd' || exit 0
    period=$(awk -v e="$epoch_seconds" -v s="$speedup" 'BEGIN { printf "%.3f", e / s }')
    for ((n = 0; n < epochs; n++)); do
        kill -0 "$$" 2>/dev/null || exit 0  # the script is gone (SIGKILL): stop too
        printf '\n\n' >&"$gps_feed"
        sleep "$period"
    done
) &
feeder=$!
pids+=($feeder)

status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# The kill and the restart.
if [ "$restart" = 1 ]; then
    if await 60 "$out/$victim.json" '"stage":"running"'; then
        say "$victim is running; SIGKILL in $kill_after s"
        sleep "$kill_after" &
        pids+=($!)
        wait $!  # not a foreground sleep: SIGTERM or Ctrl-C runs the cleanup at once
        if has_line "$out/$victim.json" '"stage":"complete"'; then
            fail "$victim had already finished when it was to be killed: raise GOAL or lower KILL_AFTER"
        fi
        kill -KILL "${runner[$victim]}"
        wait "${runner[$victim]}" 2>/dev/null || true
        mv "$out/$victim.json" "$out/$victim.killed.json"
        mv "$out/$victim.err" "$out/$victim.killed.err"
        killed_at=$(tail -n 5 "$out/$victim.killed.json" | jq -R -r 'fromjson? | select(.type == "status") | .runners[] | select(.me) | .distance_m' | tail -1)
        say "$victim killed at ${killed_at:-?} m; restarting it with the same --id ${id[$victim]}, --name, --port"
        eval "lobby_$victim=(\"\${rejoin[@]}\")"
        "start_$victim"
    else
        fail "$victim never started running, so it was not killed"
    fi
fi

# Wait for every runner, at most until the deadline; a runner still there then is stopped by pid.
for name in alice bob carol; do
    while kill -0 "${runner[$name]}" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if kill -0 "${runner[$name]}" 2>/dev/null; then
        fail "$name was still running after ${race_seconds} s"
        kill -KILL "${runner[$name]}" 2>/dev/null || true
    fi
    code=0
    wait "${runner[$name]}" || code=$?
    ended[$name]=$EPOCHREALTIME
    [ "$code" = 0 ] || fail "$name exited with $code: $(tail -n 3 "$out/$name.err" | tr '\n' ' ')"
done
say "every runner has ended"
kill "$feeder" 2>/dev/null || true
# gpsfake: end of its input, then SIGTERM (a background job of a script ignores SIGINT), at most 3 s,
# then SIGKILL; the cleanup stops its gpsd with what is left in the namespaces.
exec {gps_feed}>&-
stop_by_pid "$gpsfake"
# The delayers: the kernel's view of each queue (dropped, user_dropped should be 0), then SIGTERM: they
# accept what they hold and print their counters (all in faults.txt below).
if [ "$faults" = nfq ]; then
    for i in 1 2 3; do
        ip netns exec "${hostNs[i]}" cat /proc/net/netfilter/nfnetlink_queue >"$work/nfq-proc-${names[i]}" 2>&1 || true
    done
fi
for pid in "${nfq_delayers[@]}"; do nfq_delay_stop "$pid"; done
faults_report >>"$out/faults.txt" 2>&1 || true

# ---- The rankings, compared --------------------------------------------------------------------
# A host's ranking: its last line must be the result frame; each runner as "RANK. NAME STATE".
ranking() {
    tail -n 1 "$1" 2>/dev/null | jq -r 'select(.type == "result") | [.runners[] | "\(.rank). \(.name) \(.state)"] | join(", ")' 2>/dev/null
}
: >"$out/rankings.txt"
reference=""
for name in alice bob carol; do
    r=$(ranking "$out/$name.json")
    echo "$name: ${r:-no result frame}" >>"$out/rankings.txt"
    if [ -z "$r" ]; then
        fail "$name's JSON stream does not end with a result frame"
    elif [ -z "$reference" ]; then
        reference=$r
    elif [ "$r" != "$reference" ]; then
        fail "rankings differ"
    fi
done
if [ -n "$reference" ] && [ "$(cut -d: -f2- "$out/rankings.txt" | sort -u | wc -l)" != 1 ]; then
    echo "final rankings:" >&2
    sed 's/^/  /' "$out/rankings.txt" >&2
fi

# ---- Summary ---------------------------------------------------------------------------------
{
    echo "netns race: goal $goal km, x$speedup, faults: $faults_said; restart $restart$([ "$restart" = 1 ] && echo " (victim $victim, killed after $kill_after s)")"
    for name in alice bob carol; do
        summary=$(tail -n 1 "$out/$name.json" 2>/dev/null | jq -r --arg me "$name" 'select(.type == "result") |
            "\(.message); own: " + (.runners[] | select(.name == $me) | "\(.distance_m) m, \(.time // "-")")' 2>/dev/null || true)
        wall=$(echo "${ended[$name]:-$EPOCHREALTIME} ${started[$name]}" | awk '{ printf "%.1f", $1 - $2 }')
        echo "  $name: ${summary:-no result}; ran ${wall} s$([ "$restart" = 1 ] && [ "$name" = "$victim" ] && echo " after its restart")"
    done
    sed 's/^/  ranking /' "$out/rankings.txt"
    echo "  total $(elapsed) s; status $status; output in $out"
} >"$out/summary.txt"
cat "$out/summary.txt"
exit "$status"
