#!/usr/bin/env python3
"""Fix -> mate's frame latency from the --frontend json outputs of the runners of one race.

usage: frame-latency.py SPEEDUP FILE...   (one newline-delimited JSON file per runner)

A runner's fix at elapsed time e (race seconds since its start) shows on a mate's board as that runner's
`time_s` = e. The runner's start on the agreed race clock is estimated from its own status frames as the
least (frame time - own time_s) (the frame right after a fix lags it least). For every mate's first status
frame that shows a runner at a new time_s, the latency is (frame time - start - time_s) / SPEEDUP, in real
seconds. Prints: samples, p50, p99, max (ms)."""
import json, sys
from datetime import datetime

def instant(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()

speedup = float(sys.argv[1])
frames = {}
for path in sys.argv[2:]:
    rows = []
    for line in open(path, errors="replace"):
        try: frame = json.loads(line)
        except ValueError: continue
        if frame.get("type") == "status" and frame.get("stage") == "running": rows.append(frame)
    frames[path] = rows
start = {}
for rows in frames.values():
    for frame in rows:
        for runner in frame.get("runners", []):
            if runner.get("me") and runner.get("time_s", 0) > 0 and runner.get("state") == "running":
                lag = instant(frame["time"]) - runner["time_s"]
                start[runner["id"]] = min(start.get(runner["id"], lag), lag)
samples = []
for rows in frames.values():
    seen = {}
    for frame in rows:
        at = instant(frame["time"])
        for runner in frame.get("runners", []):
            if runner.get("me") or runner.get("state") != "running" or runner["id"] not in start: continue
            elapsed = runner.get("time_s", 0)
            if elapsed <= 0 or seen.get(runner["id"], -1) >= elapsed: continue
            seen[runner["id"]] = elapsed
            samples.append(max(0.0, (at - start[runner["id"]] - elapsed) / speedup * 1000))
samples.sort()
if not samples:
    print("0 samples"); sys.exit(0)
pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
print(f"{len(samples)} samples; p50 {pick(0.5):.0f} ms, p99 {pick(0.99):.0f} ms, max {samples[-1]:.0f} ms")
