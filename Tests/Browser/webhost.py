#!/usr/bin/python3
"""A minimal front-end host in Python: loads a front-end library through the C ABI of
Sources/FrontEndABI/include/materunner_frontend.h (dlopen, entry, create, deliver, destroy), as
`materunner` does, and hands it frames of our making. webpage.py uses it to feed the web front-end a
race on a course (the map); run on its own it measures the web front-end's cost per frame:

    /usr/bin/python3 Tests/Browser/webhost.py bench .build/release/libWebFrontEnd.so [--frames N] [--browsers N] [--stalled]
"""
import argparse
import ctypes
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import xml.etree.ElementTree as ET

SEND_INPUT = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


class Host(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("context", ctypes.c_void_p), ("send_input", SEND_INPUT)]


class Descriptor(ctypes.Structure):
    _fields_ = [
        ("abi_version", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("version", ctypes.c_char_p),
        ("create", ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(Host), ctypes.c_char_p, ctypes.c_size_t)),
        ("deliver", ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t)),
        ("destroy", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
        ("last_error", ctypes.CFUNCTYPE(ctypes.c_char_p)),
    ]


class PluginHost:
    """One front-end instance of the library at `path`, with `settings` (its --frontend-option keys)."""

    def __init__(self, path, settings, spectator=False):
        self.library = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
        entry = self.library.materunner_frontend_entry
        entry.restype = ctypes.POINTER(Descriptor)
        self.descriptor = entry().contents
        if self.descriptor.abi_version != 1:
            raise RuntimeError(f"ABI {self.descriptor.abi_version}, this host speaks 1")
        self.inputs = []
        self._send = SEND_INPUT(self._receive)  # kept alive as long as the instance
        self.host = Host(1, None, self._send)
        options = {"output_fd": 2, "is_terminal": False, "color": False, "settings": settings}
        if spectator:
            options["spectator"] = True
        raw = json.dumps(options).encode()
        self.instance = self.descriptor.create(ctypes.byref(self.host), raw, len(raw))
        if not self.instance:
            raise RuntimeError("create failed: " + (self.descriptor.last_error() or b"?").decode())

    def _receive(self, context, data, length):
        self.inputs.append(json.loads(ctypes.string_at(data, length)))
        return 0

    def deliver(self, frame):
        raw = frame if isinstance(frame, bytes) else json.dumps(frame, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
        return self.descriptor.deliver(self.instance, raw, len(raw))

    def close(self):
        if self.instance:
            self.descriptor.destroy(self.instance)
            self.instance = None


def metres(a, b):
    """Great-circle distance between two (lat, lon) points."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def clock(seconds):
    return f"{int(seconds) // 60:02d}:{int(seconds) % 60:02d}"


class CourseRace:
    """Three runners at steady paces along a real track used as the course, as frames of the shape
    docs/FRONTENDS.md gives a course race: a `course` frame (name, file, digest, laps, lengths, the
    polyline as [lat, lon]) and status frames whose runners carry `off_course` and `course` {progress_m,
    lap, lat, lon}. The last runner strays off the course for a while."""

    RUNNERS = [("00000000000000a1", "alice", 3.4, True), ("00000000000000b2", "bob", 3.1, False), ("00000000000000c3", "carol", 2.8, False)]

    def __init__(self, gpx):
        # Any GPX version: track points whatever the namespace.
        root = ET.parse(gpx).getroot()
        points = [(float(p.get("lat")), float(p.get("lon"))) for p in root.iter() if p.tag.endswith("trkpt")]
        step = max(1, len(points) // 300)
        self.points = points[::step] + ([points[-1]] if (len(points) - 1) % step else [])
        self.cumulative = [0.0]
        for a, b in zip(self.points, self.points[1:]):
            self.cumulative.append(self.cumulative[-1] + metres(a, b))
        self.length = self.cumulative[-1]
        self.file = os.path.basename(gpx)
        self.name = os.path.splitext(self.file)[0]

    def position(self, distance):
        distance = min(max(distance, 0), self.length)
        for index in range(1, len(self.cumulative)):
            if self.cumulative[index] >= distance:
                a, b = self.points[index - 1], self.points[index]
                span = self.cumulative[index] - self.cumulative[index - 1] or 1
                f = (distance - self.cumulative[index - 1]) / span
                return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        return self.points[-1]

    def course_frame(self):
        length = f"{self.length / 1000:.2f} km"
        return {"schema": 1, "type": "course", "time": "2027-01-15T08:00:00.000Z", "message": f"course {self.name}: {length}, 1 lap",
                "course": {"name": self.name, "file": self.file, "digest": "0123456789abcdef", "laps": 1, "length": length,
                           "length_m": round(self.length, 1), "total_m": round(self.length, 1),
                           "points": [[round(p[0], 6), round(p[1], 6)] for p in self.points]}}

    def status(self, elapsed):
        runners = []
        for ident, name, speed, me in self.RUNNERS:
            distance = min(speed * elapsed, self.length)
            lat, lon = self.position(distance)
            runners.append({"id": ident, "name": name, "me": me, "state": "running", "distance": f"{int(distance / 10) / 100:.2f} km",
                            "distance_m": round(distance, 1), "progress": round(distance / self.length, 4), "leader": False,
                            "time": clock(elapsed), "time_s": elapsed, "pace": f"{int(1000 / speed) // 60}:{int(1000 / speed) % 60:02d} /km",
                            "speed_m_s": speed, "off_course": name == "carol" and 2000 < elapsed < 2500,
                            "course": {"progress_m": round(distance, 1), "lap": 1, "lat": round(lat, 6), "lon": round(lon, 6)}})
        runners.sort(key=lambda r: -r["distance_m"])
        for rank, runner in enumerate(runners, 1):
            runner["rank"], runner["leader"] = rank, rank == 1
        minutes, seconds = divmod(int(elapsed), 60)
        return {"schema": 1, "type": "status", "time": f"2027-01-15T08:{minutes:02d}:{seconds:02d}.000Z", "stage": "running",
                "elapsed": clock(elapsed), "elapsed_s": elapsed, "mode": "race", "goal": f"{self.length / 1000:.2f} km",
                "goal_m": round(self.length, 1), "leader": runners[0]["name"], "message": f"running to {self.length / 1000:.2f} km",
                "runners": runners}

    def frames(self, start=0.0, until=1.0, step=10):
        """The frames from `start` to `until` of the leader's way round (fractions), one status every `step` s."""
        fastest = self.RUNNERS[0][2]
        first, last = int(start * self.length / fastest), int(until * self.length / fastest)
        if start == 0:
            yield self.course_frame()
        for elapsed in range(first - first % step + step, last + 1, step):
            yield self.status(float(elapsed))


# ---------------------------------------------------------------- benchmark

class Reader(threading.Thread):
    """A browser's event stream over a raw socket: reads it, noting when each frame's marker arrives."""

    def __init__(self, port, stalled=False):
        super().__init__(daemon=True)
        self.socket = socket.create_connection(("127.0.0.1", port))
        if stalled:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.socket.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\n\r\n")
        self.stalled = stalled
        self.arrivals = {}
        self.stop = False

    def run(self):
        if self.stalled:
            return  # connected, never reads: its socket buffers fill and stay full
        pending = b""
        self.socket.settimeout(1)
        while not self.stop:
            try:
                chunk = self.socket.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                return
            now = time.perf_counter()
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                at = line.find(b'"elapsed_s":')
                if line.startswith(b"data: {\"elapsed") and at >= 0:
                    number = line[at + 12:line.index(b",", at)]
                    self.arrivals.setdefault(float(number), now)


def readers(args):
    """Browsers in a process of their own (not sharing this one's interpreter lock with the host's
    thread): `browsers` read the event stream, one more (`--stalled`) never reads. Prints, as JSON,
    when each frame's marker (its elapsed_s) reached each reading browser."""
    group = [Reader(args.port) for _ in range(args.browsers)] + ([Reader(args.port, stalled=True)] if args.stalled else [])
    for reader in group:
        reader.start()
    print("ready", flush=True)
    time.sleep(args.seconds)
    for reader in group:
        reader.stop = True
    print(json.dumps([{str(k): v for k, v in r.arrivals.items()} for r in group if not r.stalled]), flush=True)


def bench(args):
    port = int(args.port)
    host = PluginHost(args.library, {"listen": f"127.0.0.1:{port}", "qr": "off"})
    race = CourseRace(args.gpx)
    try:
        page = {name: len(urllib.request.urlopen(f"http://127.0.0.1:{port}{name}").read()) for name in ["/", "/app.js", "/app.css"]}
        print("page weight (bytes, uncompressed):", page, "total", sum(page.values()))
        host.deliver(race.course_frame())
        frames = [json.dumps(race.status(float(i + 1)), separators=(",", ":"), sort_keys=True).encode() for i in range(args.frames)]
        seconds = args.frames * args.interval + 8
        group = subprocess.Popen([sys.executable, os.path.abspath(__file__), "readers", "--port", str(port), "--browsers", str(args.browsers),
                                  "--seconds", str(seconds)] + (["--stalled"] if args.stalled else []),
                                 stdout=subprocess.PIPE, text=True)
        group.stdout.readline()
        time.sleep(2)
        print(f"frame size: {len(frames[-1])} bytes; {args.browsers} reading browsers, {1 if args.stalled else 0} stalled "
              f"(another process); one frame every {args.interval * 1000:g} ms")
        costs, sent = [], {}
        for index, raw in enumerate(frames):
            start = time.perf_counter()
            host.deliver(raw)
            end = time.perf_counter()
            costs.append(end - start)
            sent[float(index + 1)] = start
            time.sleep(args.interval)
        arrivals = json.loads(group.stdout.readline() or "[]")
        group.wait()
        costs.sort()
        print(f"deliver: median {statistics.median(costs) * 1e6:.1f} us, p99 {costs[int(len(costs) * 0.99)] * 1e6:.1f} us, "
              f"max {costs[-1] * 1e6:.1f} us over {len(costs)} frames")
        latencies = sorted(at - sent[float(k)] for browser in arrivals for k, at in browser.items() if float(k) in sent)
        if latencies:
            received = min(len(browser) for browser in arrivals)
            print(f"deliver -> browser socket: median {statistics.median(latencies) * 1e3:.2f} ms, "
                  f"p99 {latencies[int(len(latencies) * 0.99)] * 1e3:.2f} ms, max {latencies[-1] * 1e3:.2f} ms; "
                  f"fewest frames seen by a reading browser: {received} of {len(frames)} (a newer status replaces a queued one)")
    finally:
        host.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench")
    b.add_argument("library")
    b.add_argument("--gpx", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "cerknicko-jezero.gpx"))
    b.add_argument("--frames", type=int, default=2000)
    b.add_argument("--browsers", type=int, default=10)
    b.add_argument("--stalled", action="store_true", help="add one browser that never reads")
    b.add_argument("--interval", type=float, default=0.005, help="seconds between frames")
    b.add_argument("--port", default="18047")
    r = sub.add_parser("readers")
    r.add_argument("--port", type=int, required=True)
    r.add_argument("--browsers", type=int, default=10)
    r.add_argument("--stalled", action="store_true")
    r.add_argument("--seconds", type=float, required=True)
    args = parser.parse_args()
    if args.command == "bench":
        bench(args)
    else:
        readers(args)


if __name__ == "__main__":
    main()
