# Sourced by scripts/benchmark-efficiency and scripts/link-order: `materunner run` processes racing on
# loopback, and the copy of the executable valgrind can run. Not a command of its own.
#
# The caller sets `bin` (the executable), `work` (a scratch folder) and, optionally, `run_extra` (more
# options for every runner) and keeps the array `pids`: every process started here is added to it, so
# that the caller's exit trap stops them by pid.

[ -n "${run_extra+set}" ] || run_extra=()
[ -n "${pids+set}" ] || pids=()

# COUNT distinct free UDP ports below the kernel's ephemeral range (net.ipv4.ip_local_port_range), so that
# no runner's own ephemeral sockets take one between choosing it and the runner binding it (seen once in
# 64: "UDP port … is already in use").
ports_for() { python3 - "$1" <<'EOF'
import random, socket, sys
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
chosen = []
while len(chosen) < int(sys.argv[1]):
    port = random.randrange(10000, min(low, 32768))
    if port in chosen:
        continue
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.bind(("127.0.0.1", port))
        chosen.append(port)
    except OSError:
        pass
    finally:
        s.close()
print(" ".join(map(str, chosen)))
EOF
}

# Starts COUNT `materunner run` processes on loopback (each with the others as --peer; alone with
# --mates 0 when COUNT is 1) at --speedup SPEEDUP and --goal GOAL km, their output in $work/TAG-pINDEX.json
# and .err; the first one's command is prefixed with WRAP (e.g. valgrind). Sets `procs` (pids, first =
# the wrapped one).
start_runners() {
    local count=$1 speedup=$2 goal=$3 tag=$4; shift 4
    local wrap=("$@") index ports=() peers p
    procs=()
    read -r -a ports <<<"$(ports_for "$count")"
    for ((index = 0; index < count; index++)); do
        peers=()
        for p in "${ports[@]}"; do [ "$p" = "${ports[$index]}" ] || peers+=(--peer "127.0.0.1:$p"); done
        [ "$count" = 1 ] && peers=(--mates 0)
        local prefix=()
        [ "$index" = 0 ] && prefix=("${wrap[@]}")
        "${prefix[@]}" "$bin" run --name "p$index" --port "${ports[$index]}" "${peers[@]}" --goal "$goal" --speedup "$speedup" \
            --pace "5:$((index % 50 + 10))" --seed "$((index + 1))" --wait 120 --frontend json "${run_extra[@]}" \
            --data-dir "$work/data-$tag-p$index" >"$work/$tag-p$index.json" 2>"$work/$tag-p$index.err" &
        procs+=($!); pids+=($!)
    done
}

# Waits for `procs` to end (at most SECONDS, then kills them); sets `ended` to how many ended with exit 0.
finish_runners() {
    local deadline=$((SECONDS + $1)) pid left
    ended=0
    while :; do
        left=0
        for pid in "${procs[@]}"; do kill -0 "$pid" 2>/dev/null && left=$((left + 1)); done
        [ "$left" = 0 ] || [ "$SECONDS" -ge "$deadline" ] && break
        sleep 1
    done
    for pid in "${procs[@]}"; do kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"; done
    for pid in "${procs[@]}"; do if wait "$pid"; then ended=$((ended + 1)); fi; done
}

# What valgrind 3.19 (Debian 12) needs to run a Swift 6.3 release build: a copy of the executable and
# the json front-end without debug information (it cannot read their DWARF 5; lld's output needs it
# too) in $work/stripped, and scripts/lib/valgrind-main-queue.c built as $work/valgrind-main-queue.so,
# to preload (valgrind crashes when Swift's async main parks the main thread in dispatch_main()).
# Sets `valgrind_bin` to the copy and `valgrind_preload` to the library. Run from the checkout's root.
prepare_callgrind() {
    local from=$1
    mkdir -p "$work/stripped"
    strip --strip-debug -o "$work/stripped/materunner" "$from/materunner"
    strip --strip-debug -o "$work/stripped/libJSONStreamFrontEnd.so" "$from/libJSONStreamFrontEnd.so"
    cc -O2 -shared -fPIC -o "$work/valgrind-main-queue.so" scripts/lib/valgrind-main-queue.c
    valgrind_bin="$work/stripped/materunner"
    valgrind_preload="$work/valgrind-main-queue.so"
}
