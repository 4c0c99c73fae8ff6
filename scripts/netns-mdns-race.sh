#!/usr/bin/env bash
# Two hosts with real mDNS on one machine: a race between two `materunner run` processes that find
# each other through DNS-SD, each in its own network namespace with its own D-Bus system bus and
# avahi-daemon (see docs/TESTING.md). Nothing runs in the machine's own namespace but this script.
#
# Usage: [PAIRING=json] scripts/netns-mdns-race.sh MATERUNNER_BINARY OUTPUT_DIR [extra materunner run options...]
# Writes OUTPUT_DIR/{alice,bob}.json (the JSON streams) and .err (logs), and exits with 0 when both
# runs exited 0, 1 when one did not, 77 when this machine cannot create network namespaces.
# PAIRING=json: an invited race paired by its code (alice invites, bob accepts through his JSON front-end
# once the codes match; also writes codes.txt and {alice,bob}-mates.json). PAIRING=text: the same with bob
# at the text front-end in tmux (needs tmux; bob-screen.txt is his screen with the invitation).
# COURSE=FILE (with PAIRING): alice alone runs with --course FILE; bob has none and fetches it from her
# after accepting (docs/PROTOCOL.md, "Course fetch"). LOSS=PERCENT (e.g. 20%): netem drops that share of
# the packets on both ends of the link (mDNS, lobby, fetch and race alike).
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
    # Standard input from $host_input (a background job's is /dev/null unless redirected explicitly).
    (netns_in "$netns_holder" "$@" <"${host_input:-/dev/null}" >"$out/$name.json" 2>"$out/$name.err") &
    runners+=($!)
    pids+=($!)
}

# confirm_on_alice: alice's person confirms bob's code too (both sides compare: a host admits an unpaired
# invitee only then), by the JSON input event on alice's standard input (fd 4, the fifo alice.in), naming
# the invitation of the confirmation frame on alice's screen.
confirm_on_alice() {
    local frame="" id
    for _ in $(seq 1 300); do
        frame=$(grep -m1 '"type":"invitation"' "$out/alice.json" || true)
        [ -n "$frame" ] && break
        sleep 0.1
    done
    [ -n "$frame" ] || { echo "alice's screen asked for no confirmation of bob's code in 30 s" >&2; exit 1; }
    id=$(grep -o '"id":"[^"]*"' <<<"$frame" | head -1 | cut -d'"' -f4)
    printf '{"type":"accept","invitation":"%s"}\n' "$id" >&4
}

common=(--goal 0.3 --speedup 20 --frontend json --wait 40 --log-level info "${extra[@]}")
# Only the host has the course: it travels with its invitation.
course=()
if [ -n "${COURSE:-}" ]; then
    [ -n "${PAIRING:-}" ] || { echo "COURSE needs PAIRING=json or text: the course travels with an invitation" >&2; exit 2; }
    [ -r "$COURSE" ] || { echo "no course file $COURSE" >&2; exit 2; }
    course=(--course "$(readlink -f "$COURSE")")
fi
if [ -n "${LOSS:-}" ]; then
    command -v tc >/dev/null || { echo "skip: tc (iproute2) is not installed" >&2; exit 77; }
    for end in "$nsA mr$$va" "$nsB mr$$vb"; do
        set -- $end
        ip netns exec "$1" tc qdisc add dev "$2" root netem loss "$LOSS" 2>/dev/null \
            || { echo "skip: this kernel has no netem (sch_netem) for LOSS=$LOSS" >&2; exit 77; }
    done
fi
if [ "${PAIRING:-}" = json ]; then
    # Pairing by code over real mDNS (docs/PROTOCOL.md, "Pairing"): alice invites bob, found by DNS-SD;
    # bob's JSON front-end shows the invitation with its code, this script checks that alice's screen
    # shows the same code for bob, then accepts on bob's standard input (the JSON input event), as a
    # person who compared the codes would. Each host has a data home of its own (its identity).
    homeA=$(mktemp -d) homeB=$(mktemp -d)
    netns_tmp+=("$homeA" "$homeB")
    mkfifo "$out/bob.in" "$out/alice.in"
    exec 3<>"$out/bob.in"  # held open (read-write: no wait for a reader) until the accept is written
    exec 4<>"$out/alice.in"
    host_input="$out/bob.in" host "$nsB" "$runB" bob env XDG_DATA_HOME="$homeB" timeout 120 "$binary" run --name bob --join \
        --pace 5:30 --seed 12 "${common[@]}"
    host_input="$out/alice.in" host "$nsA" "$runA" alice env XDG_DATA_HOME="$homeA" timeout 120 "$binary" run --name alice --invite bob --pace 5:00 --seed 11 \
        --invite-timeout 60 ${course[@]+"${course[@]}"} "${common[@]}"
    invitation=""
    for _ in $(seq 1 600); do
        invitation=$(grep -m1 '"type":"invitation"' "$out/bob.json" || true)
        [ -n "$invitation" ] && break
        sleep 0.1
    done
    [ -n "$invitation" ] || { echo "bob's screen showed no invitation in 60 s" >&2; exit 1; }
    id=$(grep -o '"id":"[^"]*"' <<<"$invitation" | head -1 | cut -d'"' -f4)
    code=$(grep -o '"code":"[0-9]*"' <<<"$invitation" | head -1 | cut -d'"' -f4)
    [ ${#code} = 6 ] || { echo "bob's invitation frame carries no 6-digit code: $invitation" >&2; exit 1; }
    shown=""
    for _ in $(seq 1 100); do
        shown=$(grep -o "bob's code: [0-9]*" "$out/alice.json" | head -1 || true)
        [ -n "$shown" ] && break
        sleep 0.1
    done
    echo "bob's screen: code $code; alice's screen: $shown" >"$out/codes.txt"
    [ "$shown" = "bob's code: $code" ] || { echo "the codes differ: bob shows $code, alice '$shown'" >&2; exit 1; }
    confirm_on_alice
    printf '{"type":"accept","invitation":"%s"}\n' "$id" >&3
elif [ "${PAIRING:-}" = text ]; then
    # The same with bob at a terminal: the text front-end in tmux (its own server socket) in bob's
    # namespace; the script reads the code from bob's screen, compares it with alice's and presses `a`.
    command -v tmux >/dev/null || { echo "skip: tmux is not installed" >&2; exit 77; }
    homeA=$(mktemp -d) homeB=$(mktemp -d)
    netns_tmp+=("$homeA" "$homeB")
    socket="mr$$"
    netns_host "$nsB" "$runB" mr-bob || exit 1
    # (netns_in execs: a subshell of its own; tmux new-session -d returns once its server runs in bob's namespace.)
    (netns_in "$netns_holder" env XDG_DATA_HOME="$homeB" TERM=xterm-256color tmux -L "$socket" new-session -d -s bob -x 120 -y 30 \
        "timeout --foreground 120 '$binary' run --name bob --join --pace 5:30 --seed 12 --goal 0.3 --speedup 20 --frontend text \
         --json-out '$out/bob.json' --wait 40 --log-level info 2>'$out/bob.err'; echo \$? >'$out/bob.exit'; sleep 300")
    mkfifo "$out/alice.in"
    exec 4<>"$out/alice.in"
    host_input="$out/alice.in" host "$nsA" "$runA" alice env XDG_DATA_HOME="$homeA" timeout 120 "$binary" run --name alice --invite bob --pace 5:00 --seed 11 \
        --invite-timeout 60 ${course[@]+"${course[@]}"} "${common[@]}"
    code=""
    for _ in $(seq 1 600); do
        tmux -L "$socket" capture-pane -p -t bob >"$out/bob-screen.txt" 2>/dev/null || true
        code=$(grep -o 'code [0-9]\{6\}' "$out/bob-screen.txt" | head -1 | cut -d' ' -f2 || true)
        [ -n "$code" ] && break
        sleep 0.1
    done
    [ -n "$code" ] || { echo "bob's screen showed no code in 60 s: $(cat "$out/bob-screen.txt")" >&2; exit 1; }
    shown=$(grep -o "bob's code: [0-9]*" "$out/alice.json" | head -1 || true)
    echo "bob's screen: code $code; alice's screen: $shown" >"$out/codes.txt"
    [ "$shown" = "bob's code: $code" ] || { echo "the codes differ: bob shows $code, alice '$shown'" >&2; exit 1; }
    confirm_on_alice
    tmux -L "$socket" send-keys -t bob a
    for _ in $(seq 1 1200); do
        [ -s "$out/bob.exit" ] && break
        sleep 0.1
    done
    tmux -L "$socket" capture-pane -p -S -300 -t bob >"$out/bob-screen-end.txt" 2>/dev/null || true
    tmux -L "$socket" kill-server 2>/dev/null || true
    [ "$(cat "$out/bob.exit" 2>/dev/null)" = 0 ] || { echo "bob's run did not end with 0: $(cat "$out/bob.exit" 2>/dev/null)" >&2; exit 1; }
else
    host "$nsA" "$runA" alice timeout 120 "$binary" run --name alice --pace 5:00 --seed 11 "${common[@]}"
    host "$nsB" "$runB" bob timeout 120 "$binary" run --name bob --pace 5:30 --seed 12 "${common[@]}"
fi

status=0
for pid in "${runners[@]}"; do
    wait "$pid" || status=1
done
if [ -n "${PAIRING:-}" ]; then
    [ "$PAIRING" = json ] && exec 3>&-
    # Bob's device now knows alice's identity (paired by the code).
    XDG_DATA_HOME="$homeB" "$binary" mates --json >"$out/bob-mates.json" || status=1
    XDG_DATA_HOME="$homeA" "$binary" mates --json >"$out/alice-mates.json" || status=1
    # With a course: what bob keeps of it (the fetched course, by digest).
    if [ -n "${COURSE:-}" ]; then
        ls "$homeB/materunner/courses" >"$out/bob-courses.txt" 2>/dev/null || true
    fi
fi
exit "$status"
