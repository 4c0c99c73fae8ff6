#!/usr/bin/env bash
# Two home networks, each behind its own NAT router, and an "internet" between them holding mosquitto,
# all in network namespaces (docs/TESTING.md, "Beyond one network"), for the broker tests that drive
# the processes themselves. Nothing runs in the machine's own namespace but this script.
#
# Usage: scripts/netns-broker-homes.sh OUTPUT_DIR
#
#   home A: hosts a1 a2 (10.250.1.1, .2) on a bridge in router A (10.250.1.254); router A's uplink
#           `wan` 10.251.1.2 masquerades (iptables -t nat MASQUERADE) towards the internet's 10.251.1.1
#   home B: hosts b1 b2 (10.250.2.1, .2), router B (10.250.2.254), uplink 10.251.2.2 -> 10.251.2.1
#   internet: mosquitto (started here, stopped by pid) on 10.251.0.1:1883 only (anonymous), which the
#           homes reach through their routers; the internet has no route into a home (NAT)
#
# Faults on both uplinks, every packet to or from the broker in each direction (netem when the kernel
# has it; else loss with nftables on the links' egress and the delay with tools/nfq-delay on the routers'
# FORWARD chain): UPLINK_DELAY ms [80] each way, UPLINK_LOSS % [2] each way. UPLINK_DELAY=0 UPLINK_LOSS=0:
# none.
#
# Writes OUTPUT_DIR/homes once everything is up: "NAME NAMESPACE ADDRESS" per host, then "broker
# ADDRESS PORT" and "faults WHAT". A test runs a command on a host with `ip netns exec NAMESPACE ...`.
# Then reads commands on its standard input, one a line, and answers each on standard output with
# "ok COMMAND" or "error COMMAND: WHY":
#   broker-restart         stops mosquitto (by pid) and starts it again (nothing retained: no persistence)
#   uplink-down A|B        takes that router's uplink down: the home's packets to the internet are
#                          answered "network unreachable" by its router, as a phone without coverage
#   uplink-up A|B          brings it back (and the router's default route)
#   quit                   ends, as below
# Ends at `quit`, the end of its input, SIGTERM or NETNS_HOST_SECONDS [400], removing everything it made: the
# processes (by pid), whatever still runs in its namespaces, the namespaces, links, temporary folders.
# Exits 77 when this machine cannot do it (not root, no namespaces, a tool missing), 1 when a part did
# not start.
set -euo pipefail

out=${1:?usage: $0 OUTPUT_DIR}
mkdir -p "$out"
out=$(readlink -f "$out")
root=$(cd "$(dirname "$0")/.." && pwd)
delay=${UPLINK_DELAY:-80}
loss=${UPLINK_LOSS:-2}

source "$root/scripts/lib/netns.sh"
source "$root/scripts/lib/nfq-delay.sh"
netns_require ip mosquitto nft
netns_trap
tag="bh$$"
inet="${tag}net"
work=$(mktemp -d)
netns_tmp+=("$work")

# ---- The internet, two routers, four hosts -------------------------------------------------------
netns_add "$inet"
ip -n "$inet" addr add 10.251.0.1/32 dev lo
hosts=()
for home in A B; do
    n=$([ "$home" = A ] && echo 1 || echo 2)
    router="${tag}r$home"
    netns_add "$router"
    ip -n "$router" link add wan type veth peer name "up$home" netns "$inet"
    ip -n "$router" addr add "10.251.$n.2/24" dev wan
    ip -n "$inet" addr add "10.251.$n.1/24" dev "up$home"
    ip -n "$router" link set wan up
    ip -n "$inet" link set "up$home" up
    ip -n "$router" route add default via "10.251.$n.1"
    ip -n "$router" link add br0 type bridge stp_state 0
    ip -n "$router" addr add "10.250.$n.254/24" dev br0
    ip -n "$router" link set br0 up multicast on
    ip netns exec "$router" sysctl -qw net.ipv4.ip_forward=1
    ip netns exec "$router" nft -f - <<EOF_NAT
table ip materunner_nat {
    chain postrouting {
        type nat hook postrouting priority srcnat; policy accept;
        oifname "wan" masquerade
    }
}
EOF_NAT
    for i in 1 2; do
        name="$(tr 'AB' 'ab' <<<"$home")$i"
        ns="${tag}$name"
        netns_add "$ns"
        ip -n "$ns" link add eth0 type veth peer name "p$i" netns "$router"
        ip -n "$router" link set "p$i" master br0
        ip -n "$router" link set "p$i" up
        ip -n "$ns" addr add "10.250.$n.$i/24" dev eth0
        ip -n "$ns" link set eth0 up multicast on
        ip -n "$ns" route add default via "10.250.$n.254"
        hosts+=("$name $ns 10.250.$n.$i")
    done
done

# ---- Faults on the uplinks -----------------------------------------------------------------------
# Each uplink is a veth pair: `wan` in the router (what leaves it goes up), `upA`/`upB` in the internet
# (what leaves it goes down to the home).
links=("${tag}rA wan" "$inet upA" "${tag}rB wan" "$inet upB")
faults="none"
if [ "$delay" != 0 ] || [ "$loss" != 0 ]; then
    netem="delay ${delay}ms loss ${loss}%"
    read -r ns dev <<<"${links[0]}"
    # shellcheck disable=SC2086 # $netem is a list of tc words
    if ip netns exec "$ns" tc qdisc add dev "$dev" root netem $netem 2>/dev/null; then
        for link in "${links[@]:1}"; do
            read -r ns dev <<<"$link"
            # shellcheck disable=SC2086
            ip netns exec "$ns" tc qdisc add dev "$dev" root netem $netem
        done
        faults="netem $netem on each uplink, each way"
    else
        for link in "${links[@]}"; do
            read -r ns dev <<<"$link"
            ip netns exec "$ns" nft -f - <<EOF_LOSS
table netdev materunner_loss_$dev {
    chain egress {
        type filter hook egress device "$dev" priority 0; policy accept;
        numgen random mod 100 < $loss counter drop
    }
}
EOF_LOSS
        done
        faults="loss $loss% (nftables) on each uplink, each way"
        if [ "$delay" != 0 ]; then
            nfq_delay_build "$work" || { echo "$nfq_delay_why" >&2; exit 1; }
            nfq_delay_iptables=$(command -v iptables-legacy || command -v iptables || true)
            [ -n "$nfq_delay_iptables" ] || { echo "no iptables for the delay" >&2; exit 1; }
            for home in A B; do
                router="${tag}r$home"
                for way in -i -o; do
                    ip netns exec "$router" "$nfq_delay_iptables" -w -A FORWARD "$way" wan -j NFQUEUE --queue-num 44 --queue-bypass
                done
                nfq_delay_start "$router" "$out/nfq-delay-$home.log" 44 "$delay" 0 0 "$RANDOM" || { echo "$nfq_delay_why" >&2; exit 1; }
            done
            faults+=", delay ${delay} ms (tools/nfq-delay on each router's FORWARD chain), each way"
        fi
    fi
fi

# ---- The broker ----------------------------------------------------------------------------------
cat >"$work/mosquitto.conf" <<EOF_CONF
per_listener_settings false
persistence false
log_dest stderr
log_type error
log_type warning
listener 1883 10.251.0.1
allow_anonymous true
EOF_CONF
broker_pid=""
broker_start() {
    (exec ip netns exec "$inet" mosquitto -c "$work/mosquitto.conf" 2>>"$out/mosquitto.log") &
    broker_pid=$!
    pids+=("$broker_pid")
    for _ in $(seq 50); do
        ip netns exec "$inet" bash -c 'exec 3<>/dev/tcp/10.251.0.1/1883' 2>/dev/null && return 0
        kill -0 "$broker_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "mosquitto did not start: $(tail -3 "$out/mosquitto.log" 2>/dev/null)" >&2
    return 1
}
broker_stop() {
    [ -n "$broker_pid" ] || return 0
    kill -TERM "$broker_pid" 2>/dev/null || true
    for _ in $(seq 30); do kill -0 "$broker_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$broker_pid" 2>/dev/null || true
    wait "$broker_pid" 2>/dev/null || true
    broker_pid=""
}
broker_start || exit 1

{
    printf '%s\n' "${hosts[@]}"
    echo "broker 10.251.0.1 1883"
    echo "faults $faults"
} >"$out/homes.tmp"
mv "$out/homes.tmp" "$out/homes"

# ---- Commands, until the test is done (bounded: NETNS_HOST_SECONDS) ------------------------------
deadline=$((SECONDS + ${NETNS_HOST_SECONDS:-400}))
while [ "$SECONDS" -lt "$deadline" ] && read -r -t "$((deadline - SECONDS))" command argument; do
    case "$command ${argument:-}" in
    "broker-restart ")
        broker_stop
        if broker_start; then echo "ok $command"; else echo "error $command: mosquitto did not start again"; fi ;;
    "uplink-down A" | "uplink-down B")
        ip -n "${tag}r$argument" link set wan down
        echo "ok $command $argument" ;;
    "uplink-up A" | "uplink-up B")
        n=$([ "$argument" = A ] && echo 1 || echo 2)
        ip -n "${tag}r$argument" link set wan up
        ip -n "${tag}r$argument" route replace default via "10.251.$n.1"
        echo "ok $command $argument" ;;
    "quit ")
        echo "ok quit"
        break ;;
    *)
        echo "error $command ${argument:-}: unknown command" ;;
    esac
done
