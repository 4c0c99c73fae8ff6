#!/usr/bin/env python3
"""Fix -> mate's frame latency from the --frontend json outputs of the runners of one race.

usage: frame-latency.py [--raw] SPEEDUP FILE...   (one newline-delimited JSON file per runner)

A runner's fix at elapsed time e (race seconds since its start) shows on a mate's board as that runner's
`time_s` = e. The runner's start on its own race clock is estimated from its own status frames as the
least (frame time - own time_s) (the frame right after a fix lags it least). For every mate's first status
frame that shows a runner at a new time_s, the raw latency is (frame time - start - time_s) / SPEEDUP.

The frame time is on the mate's race clock and the start on the runner's. Each process's race clock runs
SPEEDUP times faster from the instant its own race time started (AgreedRaceClock.startRaceTime): without
an invitation's agreed start (a --peer race) that is the process's own start, so two processes' race
clocks differ by SPEEDUP times the gap between their starts, and the raw figure carries that constant
per pair (at SPEEDUP 10, 100 ms between two launches is 1 s of race clock, 100 ms of "latency", either
sign). So the clocks' offsets are taken out: every process i gets an offset a_i such that the median raw
latency from j to i is about L + a_i - a_j (the same median L both ways between any two processes, which
is how identical runners on one machine behave); a_i is the mean over its mates of half the difference
of the two directions' medians. --raw prints the figures without that correction, as this script did
before 2026-11-28.

That correction is exact only when the two directions of a pair are equally late. A run's frames are not
(a runner whose fixes land just before its mate's frames is seen sooner than the other way round), so the
script also prints a figure no offset enters: for every pair, the mean of the two directions' p50 (and p99),
averaged over the pairs (an offset adds to one direction's quantiles what it takes from the other's).

Prints: samples, p50, p99, max (ms), how far apart the clocks were, and the pairs' figure."""
import json, statistics, sys
from datetime import datetime

def instant(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()

arguments = sys.argv[1:]
raw_only = arguments[:1] == ["--raw"]
if raw_only: arguments = arguments[1:]
speedup = float(arguments[0])
frames = {}
for path in arguments[1:]:
    rows = []
    for line in open(path, errors="replace"):
        try: frame = json.loads(line)
        except ValueError: continue
        if frame.get("type") == "status" and frame.get("stage") == "running": rows.append(frame)
    frames[path] = rows
start, owner = {}, {}
for path, rows in frames.items():
    for frame in rows:
        for runner in frame.get("runners", []):
            if runner.get("me") and runner.get("time_s", 0) > 0 and runner.get("state") == "running":
                owner[path] = runner["id"]
                lag = instant(frame["time"]) - runner["time_s"]
                start[runner["id"]] = min(start.get(runner["id"], lag), lag)
# Raw latencies (ms) by (observer's runner, shown runner).
pairs = {}
for path, rows in frames.items():
    observer = owner.get(path)
    if observer is None: continue
    seen = {}
    for frame in rows:
        at = instant(frame["time"])
        for runner in frame.get("runners", []):
            if runner.get("me") or runner.get("state") != "running" or runner["id"] not in start: continue
            elapsed = runner.get("time_s", 0)
            if elapsed <= 0 or seen.get(runner["id"], -1) >= elapsed: continue
            seen[runner["id"]] = elapsed
            pairs.setdefault((observer, runner["id"]), []).append((at - start[runner["id"]] - elapsed) / speedup * 1000)
if not pairs:
    print("0 samples"); sys.exit(0)
offset = {}
if not raw_only:
    medians = {pair: statistics.median(values) for pair, values in pairs.items()}
    halves = {}
    for (observer, shown), median in medians.items():
        back = medians.get((shown, observer))
        if back is not None: halves.setdefault(observer, []).append((median - back) / 2)
    offset = {process: statistics.fmean(values) for process, values in halves.items()}
samples = sorted(
    max(0.0, value - offset.get(observer, 0.0) + offset.get(shown, 0.0))
    for (observer, shown), values in pairs.items() for value in values
)
def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
pick = lambda q: quantile(samples, q)
def pairwise(q):
    means = [(quantile(values, q) + quantile(pairs[(shown, observer)], q)) / 2
             for (observer, shown), values in pairs.items() if observer < shown and (shown, observer) in pairs]
    return statistics.fmean(means) if means else None
both = (pairwise(0.5), pairwise(0.99))
spread = f"; race clocks {max(offset.values()) - min(offset.values()):.0f} ms apart, taken out" if offset else ""
paired = f"; pairs' two directions averaged (no offset in it): p50 {both[0]:.0f} ms, p99 {both[1]:.0f} ms" if both[0] is not None else ""
print(f"{len(samples)} samples; p50 {pick(0.5):.0f} ms, p99 {pick(0.99):.0f} ms, max {samples[-1]:.0f} ms{spread}{paired}")
