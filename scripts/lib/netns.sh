# Two test hosts on one machine, for the scripts that test with real mDNS (sourced, not run).
#
#   netns_require TOOL...   exit 77 ("skip: ...") when a tool is missing or we are not root
#   netns_pair TAG          namespaces ${TAG}a / ${TAG}b joined by a veth link, 10.250.0.1/24 and
#                           10.250.0.2/24, lo up, multicast on; sets nsA, nsB, runA, runB (an empty
#                           private /run folder for each host) and installs the cleanup trap.
#                           Exits 77 when this machine cannot create network namespaces.
#   pids+=(PID)             every process a script starts, so that the cleanup stops it by pid
#
# The cleanup, on any exit (also failure or Ctrl-C), stops every process in `pids` and every process
# left in the two namespaces (their dbus-daemon and avahi-daemon) by pid, deletes the namespaces (and
# with them the veth link) and the /run folders. Nothing is ever started in the machine's own namespace.

pids=()

netns_require() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "skip: $tool is not installed" >&2; exit 77; }
    done
    [ "$(id -u)" = 0 ] || { echo "skip: creating network namespaces needs root" >&2; exit 77; }
}

netns_cleanup() {
    set +e
    local pid ns
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for ns in "$nsA" "$nsB"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
    done
    sleep 0.3
    for ns in "$nsA" "$nsB"; do
        for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
    rm -rf "$runA" "$runB"
}

netns_pair() {
    local tag=$1
    nsA="${tag}a"; nsB="${tag}b"
    runA=$(mktemp -d); runB=$(mktemp -d)
    trap netns_cleanup EXIT
    trap 'exit 130' INT TERM
    if ! ip netns add "$nsA" 2>/dev/null; then
        echo "skip: this machine cannot create network namespaces (ip netns add failed)" >&2
        exit 77
    fi
    ip netns add "$nsB"
    ip link add "${tag}va" type veth peer name "${tag}vb"
    ip link set "${tag}va" netns "$nsA"
    ip link set "${tag}vb" netns "$nsB"
    ip -n "$nsA" addr add 10.250.0.1/24 dev "${tag}va"
    ip -n "$nsB" addr add 10.250.0.2/24 dev "${tag}vb"
    ip -n "$nsA" link set lo up
    ip -n "$nsB" link set lo up
    ip -n "$nsA" link set "${tag}va" up multicast on
    ip -n "$nsB" link set "${tag}vb" up multicast on
}
