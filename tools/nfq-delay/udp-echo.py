#!/usr/bin/env python3
"""A bounded UDP echo, to measure what nfq-delay does (tools/nfq-delay/measure.sh).

  udp-echo.py server ADDR PORT SECONDS      echoes every datagram back for SECONDS, then prints (stdout)
                                            how many arrived and how many came out of order (a datagram
                                            whose sequence number is below the highest seen before it)
  udp-echo.py client ADDR PORT COUNT GAP_MS sends COUNT datagrams, one every GAP_MS, to ADDR:PORT, waits
                                            1 s for the last echoes, prints the RTT distribution and the
                                            echoes' reordering
Every loop is bounded in count and time."""
import socket, struct, sys, time

def reordered(seqs):
    high, late = -1, 0
    for s in seqs:
        if s < high:
            late += 1
        high = max(high, s)
    return late

def server(addr, port, seconds):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((addr, port))
    end = time.monotonic() + seconds
    seqs = []
    while True:
        left = end - time.monotonic()
        if left <= 0:
            break
        s.settimeout(left)
        try:
            data, peer = s.recvfrom(2048)
        except socket.timeout:
            break
        seqs.append(struct.unpack("!Id", data[:12])[0])
        s.sendto(data, peer)
    print(f"one way (client to server): {len(seqs)} arrived, {len(set(seqs))} distinct, "
          f"{reordered(seqs)} out of order ({100.0 * reordered(seqs) / max(1, len(seqs)):.1f} %)")

def client(addr, port, count, gap_ms):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("0.0.0.0", port))
    rtts, seqs = {}, []
    start = time.monotonic()
    def receive(until):
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            s.settimeout(left)
            try:
                data, _ = s.recvfrom(2048)
            except socket.timeout:
                return
            seq, sent = struct.unpack("!Id", data[:12])
            seqs.append(seq)
            rtts.setdefault(seq, (time.monotonic() - sent) * 1000.0)
    for i in range(count):
        s.sendto(struct.pack("!Id", i, time.monotonic()) + b"x" * 52, (addr, port))
        receive(start + (i + 1) * gap_ms / 1000.0)
    receive(time.monotonic() + 1.0)
    values = sorted(rtts.values())
    def pct(p):
        return values[min(len(values) - 1, int(p / 100.0 * len(values)))] if values else float("nan")
    buckets = [0, 5, 20, 40, 60, 80, 100, 120, 1e9]
    hist = []
    for lo, hi in zip(buckets, buckets[1:]):
        n = sum(1 for v in values if lo <= v < hi)
        hist.append(f"[{lo:g},{hi:g}) {100.0 * n / max(1, len(values)):.0f}%".replace("1e+09", "inf"))
    print(f"sent {count}, one every {gap_ms:g} ms; echoes {len(values)} distinct, {len(seqs)} in all")
    print(f"RTT ms: min {pct(0):.1f} p10 {pct(10):.1f} p25 {pct(25):.1f} median {pct(50):.1f} "
          f"p75 {pct(75):.1f} p90 {pct(90):.1f} max {values[-1] if values else float('nan'):.1f}")
    print("RTT histogram ms: " + "  ".join(hist))
    print(f"echoes out of order: {reordered(seqs)} ({100.0 * reordered(seqs) / max(1, len(seqs)):.1f} %)")

if __name__ == "__main__":
    mode, addr, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if mode == "server":
        server(addr, port, float(sys.argv[4]))
    else:
        client(addr, port, int(sys.argv[4]), float(sys.argv[5]))
