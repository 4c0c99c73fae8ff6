# Test hosts on one machine, for the scripts that test with real mDNS (sourced, not run).
#
#   netns_require TOOL...   exit 77 ("skip: ...") when a tool is missing or we are not root
#   netns_pair TAG          namespaces ${TAG}a / ${TAG}b joined by a veth link, 10.250.0.1/24 and
#                           10.250.0.2/24, lo up, multicast on; sets nsA, nsB, runA, runB (an empty
#                           private /run folder for each host) and installs the cleanup trap.
#                           Exits 77 when this machine cannot create network namespaces.
#   netns_bridge TAG N      N hosts ${TAG}h1 ... ${TAG}hN, each with a veth link `eth0` (10.250.0.I/24,
#                           lo up, multicast on) whose other end `pI` is a port of the bridge `br0` in a
#                           namespace of its own, ${TAG}br (so the bridge is not in the machine's
#                           namespace either). Sets the arrays hostNs[I], hostRun[I] (an empty private
#                           /run folder), hostAddress[I], hostLink[I] (eth0, in hostNs[I]), bridgeLink[I]
#                           (pI, in brNs) and brNs, and installs the cleanup trap. Exits 77 when this
#                           machine cannot create network namespaces.
#   netns_static_neighbours gives every host of netns_bridge a fixed MAC address (02:00:0a:fa:00:I) and
#                           a permanent neighbour entry for every other host: the kernel keeps one
#                           neighbour (ARP) table for all network namespaces, capped at gc_thresh3 (1024)
#                           entries that are not permanent, so N hosts on one machine need N(N-1) of
#                           them (4 032 for 64) and, past about 32 hosts, addresses fail to resolve
#                           ("neighbor table overflow"): datagrams to them are dropped, unicast and
#                           multicast alike. Separate machines each have a table of their own; permanent
#                           entries do not count toward the cap.
#   netns_host NS RUN NAME  starts a host in namespace NS: a process holding a private /run (folder RUN)
#                           with its own D-Bus system bus and avahi-daemon, and host name NAME; waits until
#                           avahi-daemon answers. Sets netns_holder to its pid (also in `pids`); join it
#                           with `netns_in PID COMMAND...` (execs nsenter: $! of `(netns_in ...) &` is
#                           COMMAND's own pid). It lives at most NETNS_HOST_SECONDS (400) seconds.
#   pids+=(PID)             every process a script starts, so that the cleanup stops it by pid
#   netns_tmp+=(DIR)        every temporary folder a script makes, removed by the cleanup
#
# The cleanup, on any exit (also failure, Ctrl-C or SIGTERM), stops every process in `pids` and every
# process left in the namespaces made here (dbus-daemon, avahi-daemon, gpsd...) by pid, deletes the
# namespaces (and with them the veth links and the bridge) and the temporary folders. Links are created
# directly inside the namespaces, never in the machine's own; nothing is ever started there either.

pids=()
netns_names=()
netns_tmp=()

netns_require() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "skip: $tool is not installed" >&2; exit 77; }
    done
    [ "$(id -u)" = 0 ] || { echo "skip: creating network namespaces needs root" >&2; exit 77; }
}

# Whether PID is still a child of this script (a pid in `pids` that has ended may have been reused).
netns_child() {
    local stat
    read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
    stat=${stat##*) }
    set -- $stat
    [ "$2" = "$$" ]
}

netns_cleanup() {
    set +e
    trap - INT TERM
    local pid ns
    for pid in "${pids[@]}"; do netns_child "$pid" && kill "$pid" 2>/dev/null; done
    for ns in "${netns_names[@]}"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
    done
    sleep 0.3
    for pid in "${pids[@]}"; do netns_child "$pid" && kill -9 "$pid" 2>/dev/null; done
    for ns in "${netns_names[@]}"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
    rm -rf "${netns_tmp[@]}"
}

# Creates namespace $1 (remembered for the cleanup); the first one exits 77 if that is impossible here.
netns_add() {
    if ! ip netns add "$1" 2>/dev/null; then
        if [ ${#netns_names[@]} -eq 0 ]; then
            echo "skip: this machine cannot create network namespaces (ip netns add failed)" >&2
            exit 77
        fi
        echo "cannot create network namespace $1" >&2
        exit 1
    fi
    netns_names+=("$1")
    ip -n "$1" link set lo up
}

netns_trap() {
    trap netns_cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

netns_pair() {
    local tag=$1
    nsA="${tag}a"; nsB="${tag}b"
    runA=$(mktemp -d); runB=$(mktemp -d)
    netns_tmp+=("$runA" "$runB")
    netns_trap
    netns_add "$nsA"
    netns_add "$nsB"
    ip -n "$nsA" link add "${tag}va" type veth peer name "${tag}vb" netns "$nsB"
    ip -n "$nsA" addr add 10.250.0.1/24 dev "${tag}va"
    ip -n "$nsB" addr add 10.250.0.2/24 dev "${tag}vb"
    ip -n "$nsA" link set "${tag}va" up multicast on
    ip -n "$nsB" link set "${tag}vb" up multicast on
}

netns_bridge() {
    local tag=$1 count=$2 i
    hostNs=(); hostRun=(); hostAddress=(); hostLink=(); bridgeLink=()
    brNs="${tag}br"
    netns_trap
    netns_add "$brNs"
    ip -n "$brNs" link add br0 type bridge stp_state 0
    ip -n "$brNs" link set br0 up
    for ((i = 1; i <= count; i++)); do
        hostNs[i]="${tag}h$i"
        hostRun[i]=$(mktemp -d)
        netns_tmp+=("${hostRun[i]}")
        hostAddress[i]="10.250.0.$i"
        hostLink[i]=eth0
        bridgeLink[i]="p$i"
        netns_add "${hostNs[i]}"
        ip -n "${hostNs[i]}" link add eth0 type veth peer name "p$i" netns "$brNs"
        ip -n "$brNs" link set "p$i" master br0
        ip -n "$brNs" link set "p$i" up
        ip -n "${hostNs[i]}" addr add "${hostAddress[i]}/24" dev eth0
        ip -n "${hostNs[i]}" link set eth0 up multicast on
    done
}

netns_static_neighbours() {
    local i j count=${#hostNs[@]}
    for ((i = 1; i <= count; i++)); do
        ip -n "${hostNs[i]}" link set eth0 address "$(printf '02:00:0a:fa:00:%02x' "$i")"
    done
    for ((i = 1; i <= count; i++)); do
        for ((j = 1; j <= count; j++)); do
            [ "$j" = "$i" ] || printf 'neigh replace %s lladdr 02:00:0a:fa:00:%02x dev eth0 nud permanent\n' "${hostAddress[j]}" "$j"
        done | ip -n "${hostNs[i]}" -batch -
    done
}

netns_host() {
    local ns=$1 run=$2 name=$3
    ip netns exec "$ns" unshare -m -u --propagation private sh -c '
        hostname "$2"
        mount --bind "$1" /run
        mkdir -p /run/dbus /run/avahi-daemon
        dbus-daemon --system --fork
        avahi-daemon --daemonize --no-drop-root --no-chroot
        i=0
        while ! avahi-daemon --check 2>/dev/null; do
            i=$((i + 1)); [ "$i" -lt 50 ] || exit 1
            sleep 0.1
        done
        touch /run/ready
        exec sleep "$3"
    ' sh "$run" "$name" "${NETNS_HOST_SECONDS:-400}" >/dev/null 2>&1 &
    netns_holder=$!
    pids+=("$netns_holder")
    for _ in $(seq 100); do [ -e "$run/ready" ] && return 0; sleep 0.1; done
    echo "avahi-daemon did not start in $ns" >&2
    return 1
}

netns_in() {
    local holder=$1
    shift
    exec nsenter -t "$holder" -m -u -n "$@"
}
