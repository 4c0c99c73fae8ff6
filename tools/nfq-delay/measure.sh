#!/usr/bin/env bash
# Measures what nfq-delay does: two hosts (network namespaces, scripts/lib/netns.sh netns_pair), a delayer
# on each host's egress for UDP port PORT (as examples/netns-race.sh sets it up without netem), and a UDP
# echo between them (udp-echo.py): prints the RTT distribution, the fraction of datagrams that arrive out
# of order, and each delayer's counters. No loss or duplicates here: only the delayer.
# Usage (as root): tools/nfq-delay/measure.sh [COUNT [GAP_MS]]   (defaults 1000 datagrams, one every 5 ms)
# Environment: DELAY [40] JITTER [20] REORDER [25] (ms, ms, %), PORT [47474], SEED [1]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
count=${1:-1000}
gap=${2:-5}
delay=${DELAY:-40} jitter=${JITTER:-20} reorder=${REORDER:-25} port=${PORT:-47474} seed=${SEED:-1}
source "$root/scripts/lib/netns.sh"
source "$root/scripts/lib/nfq-delay.sh"
netns_require ip python3 cc
netns_pair "nfqm$$"
work=$(mktemp -d)
netns_tmp+=("$work")
nfq_delay_build "$work" || { echo "skip: $nfq_delay_why" >&2; exit 77; }
delayers=()
for ns in "$nsA" "$nsB"; do
    nfq_delay_rule "$ns" "$port" 7 || { echo "skip: $nfq_delay_why" >&2; exit 77; }
    nfq_delay_start "$ns" "$work/$ns.log" 7 "$delay" "$jitter" "$reorder" "$((seed++))" || { echo "FAIL: $nfq_delay_why" >&2; exit 1; }
    delayers+=("$nfq_delay_pid")
done
seconds=$(awk -v c="$count" -v g="$gap" 'BEGIN { printf "%d", c * g / 1000 + 4 }')
(exec ip netns exec "$nsB" python3 "$here/udp-echo.py" server 10.250.0.2 "$port" "$seconds" >"$work/server.txt") &
server=$!
pids+=("$server")
sleep 0.5
echo "nfq-delay delay $delay ms jitter $jitter ms reorder $reorder % on both hosts' egress (UDP port $port)"
ip netns exec "$nsA" python3 "$here/udp-echo.py" client 10.250.0.2 "$port" "$count" "$gap"
wait "$server" || true
cat "$work/server.txt"
for pid in "${delayers[@]}"; do nfq_delay_stop "$pid"; done
for ns in "$nsA" "$nsB"; do echo "$ns: $(tail -n 1 "$work/$ns.log")"; done
