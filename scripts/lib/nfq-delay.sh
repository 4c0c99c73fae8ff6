# Delay, jitter and reordering with tools/nfq-delay (NFQUEUE) where the kernel has no netem (sourced
# after scripts/lib/netns.sh, whose cleanup stops the delayers and removes the rules with the namespaces).
#
#   nfq_delay_build DIR            builds DIR/nfq-delay with cc (-Wall -Wextra); sets nfq_delay_bin. 1, with
#                                  the reason in nfq_delay_why, when it cannot (no cc, no libnetfilter-queue-dev)
#   nfq_delay_rule NS PORT QUEUE   in namespace NS only: iptables (legacy first: this kernel's nftables has no
#                                  queue expression) OUTPUT rule sending the UDP datagrams from or to PORT to
#                                  NFQUEUE QUEUE, with --queue-bypass (no delayer bound: they pass at once).
#                                  1, reason in nfq_delay_why, when iptables or its NFQUEUE target is missing
#   nfq_delay_start NS LOG QUEUE DELAY_MS JITTER_MS REORDER_% SEED
#                                  starts a delayer inside NS (ip netns exec), its stderr to LOG; waits (at most
#                                  3 s) until it has bound the queue; sets nfq_delay_pid (also in `pids`). 1 when
#                                  it did not come up (reason in nfq_delay_why)
#   nfq_delay_stop PID             SIGTERM (it accepts every held packet and prints its counters), at most 3 s,
#                                  then SIGKILL; reaps it
# Nothing here ever runs in the machine's own namespace: every iptables command and every delayer is
# `ip netns exec NS ...` of a namespace the script made.

nfq_delay_bin=""
nfq_delay_why=""
nfq_delay_iptables=""

nfq_delay_build() {
    local dir=$1 src
    src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/tools/nfq-delay/nfq-delay.c
    command -v cc >/dev/null || { nfq_delay_why="no cc"; return 1; }
    if ! cc -O2 -std=c11 -Wall -Wextra -o "$dir/nfq-delay" "$src" -lnetfilter_queue -lnfnetlink 2>"$dir/nfq-delay.build.log"; then
        nfq_delay_why="cannot build tools/nfq-delay ($(grep -m1 -E 'error|cannot find' "$dir/nfq-delay.build.log" || echo "see $dir/nfq-delay.build.log"); libnetfilter-queue-dev missing?)"
        return 1
    fi
    nfq_delay_bin=$dir/nfq-delay
}

nfq_delay_rule() {
    local ns=$1 port=$2 queue=$3 err
    if [ -z "$nfq_delay_iptables" ]; then
        if command -v iptables-legacy >/dev/null; then nfq_delay_iptables=iptables-legacy
        elif command -v iptables >/dev/null; then nfq_delay_iptables=iptables
        else nfq_delay_why="no iptables (apt-get install iptables)"; return 1
        fi
    fi
    if ! err=$(ip netns exec "$ns" "$nfq_delay_iptables" -w -A OUTPUT -p udp -m multiport --ports "$port" \
        -j NFQUEUE --queue-num "$queue" --queue-bypass 2>&1); then
        nfq_delay_why="$nfq_delay_iptables -j NFQUEUE failed in $ns: $(echo "$err" | tr '\n' ' ')"
        return 1
    fi
}

nfq_delay_start() {
    local ns=$1 log=$2 queue=$3 delay=$4 jitter=$5 reorder=$6 seed=$7
    (exec ip netns exec "$ns" "$nfq_delay_bin" -q "$queue" -d "$delay" -j "$jitter" -r "$reorder" -s "$seed" 2>"$log") &
    nfq_delay_pid=$!
    pids+=("$nfq_delay_pid")
    for _ in $(seq 30); do
        grep -q '^nfq-delay: ready' "$log" 2>/dev/null && return 0
        kill -0 "$nfq_delay_pid" 2>/dev/null || break
        sleep 0.1
    done
    nfq_delay_why="the delayer did not bind queue $queue in $ns: $(tr '\n' ' ' <"$log" 2>/dev/null)"
    return 1
}

nfq_delay_stop() {
    local pid=$1
    kill -TERM "$pid" 2>/dev/null || return 0
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
