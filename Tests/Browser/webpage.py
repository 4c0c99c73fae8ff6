#!/usr/bin/python3
"""The web front-end in a real browser: Debian's headless chromium, driven by chromium-driver through
selenium, against real `materunner` processes on loopback (and, for the course map, the plugin loaded
through its C ABI by a small ctypes host, see webhost.py).

    python3 Tests/Browser/webpage.py --build-dir .build/debug SCENARIO...

Scenarios: demo, reconnect, invite, watch, course (--screenshots DIR saves the phone and TV views), ghost, load, gps.
Each prints what it checked and exits non-zero on the first failure. Waits are generous (the machine
may be loaded) and nothing is timed: a check waits for the page to show something, up to a limit.
"""
import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 60  # seconds any one thing may take to show up

HERE = os.path.dirname(os.path.abspath(__file__))


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)
    print("  ok:", message, flush=True)


def free_port(kind=socket.SOCK_STREAM):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Run:
    """One materunner process, its output in files; stopped by its pid."""

    def __init__(self, binary, args, name, stdin=False):
        self.folder = tempfile.mkdtemp(prefix=f"materunner-web-{name}-")
        self.stdout_path = os.path.join(self.folder, "stdout")
        self.stderr_path = os.path.join(self.folder, "stderr")
        env = dict(os.environ, XDG_DATA_HOME=os.path.join(self.folder, "data"))
        self.process = subprocess.Popen(
            [binary] + args, stdout=open(self.stdout_path, "w"), stderr=open(self.stderr_path, "w"),
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, env=env)

    def send(self, line):
        """One line on the process's standard input (made with stdin=True): a JSON input event."""
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def stderr(self):
        with open(self.stderr_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def frames(self):
        frames = []
        with open(self.stdout_path, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    frames.append(json.loads(line))
                except ValueError:
                    pass
        return frames

    def wait_for(self, what, predicate, limit=WAIT):
        deadline = time.time() + limit
        while time.time() < deadline:
            value = predicate()
            if value:
                return value
            if self.process.poll() is not None:
                value = predicate()
                if value:
                    return value
                raise Failure(f"{what}: the process ended ({self.process.returncode}): {self.stderr()[-2000:]}")
            time.sleep(0.2)
        raise Failure(f"{what}: not seen in {limit} s; stderr: {self.stderr()[-2000:]}")

    def addresses(self):
        """The page and control addresses the web front-end printed on standard error."""
        def found():
            text = self.stderr()
            page = re.search(r"web: the race is on (http://\S+/) ", text)
            return page and (page.group(1), (re.search(r"keep this address to yourself\):\s+(http://\S+)", text) or [None, None])[1])
        return self.wait_for("the web front-end's addresses on standard error", found)

    def stop(self, sig=signal.SIGINT, limit=30):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(limit)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def finish(self, limit=120):
        try:
            return self.process.wait(limit)
        except subprocess.TimeoutExpired:
            self.stop(signal.SIGKILL)
            raise Failure(f"the run did not end in {limit} s: {self.stderr()[-2000:]}")


def browser(width=412, height=900):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(WAIT)
    # A window is never narrower than 500 px: the viewport of a phone is emulated, as DevTools does.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


def wait_page(driver, what, predicate, limit=WAIT):
    try:
        # The page redraws the board on every frame: an element read just before a redraw is stale; try again.
        ignored = [NoSuchElementException, StaleElementReferenceException]
        return WebDriverWait(driver, limit, poll_frequency=0.25, ignored_exceptions=ignored).until(lambda d: predicate(d))
    except Exception as error:  # selenium's TimeoutException, or a stale element
        raise Failure(f"{what}: not shown in {limit} s ({type(error).__name__}); page: {driver.find_element(By.TAG_NAME, 'body').text[:800]}")


def conn_state(driver):
    return driver.find_element(By.ID, "conn").get_attribute("data-state")


def board(driver):
    """The board's rows as (name, distance), read in one go (the page redraws it on every frame)."""
    return [tuple(row) for row in driver.execute_script(
        "return [...document.querySelectorAll('#board tr.runner')].map((r) => "
        "[r.querySelector('.name').textContent, r.querySelector('.distance').textContent]);")]


def runner_names(driver):
    return [name for name, _ in board(driver)]


def distance_of(driver, name):
    return next((distance for runner, distance in board(driver) if runner == name), None)


def post(url, body):
    request = urllib.request.Request(url, data=body.encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def control_status(driver):
    return driver.find_element(By.ID, "control-status").text


def offered(driver):
    """The input events the control page offers now: cheer and cancel when shown (it never offers stop)."""
    shown = driver.execute_script(
        "return {cheer: !document.getElementById('cheer').hidden, cancel: !document.getElementById('cancel-box').hidden};")
    return {name for name, visible in shown.items() if visible}


def accepted(frames):
    """The input events the run's latest status frame says it takes, but stop (a page never offers it)."""
    statuses = [f for f in frames if f.get("type") == "status"]
    return set(statuses[-1].get("inputs", [])) - {"stop"} if statuses else set()


def result_kept(driver, what, seconds=10):
    """The page shows the result and says the run is over, and still does `seconds` later (past its
    retry and its watchdog): never 'reconnecting…' once the run has ended."""
    wait_page(driver, f"{what}: the result and 'run over'",
              lambda d: d.find_element(By.ID, "result").is_displayed() and conn_state(d) == "ended")
    text = driver.find_element(By.ID, "result").text
    deadline = time.time() + seconds
    while time.time() < deadline:
        if conn_state(driver) != "ended" or not driver.find_element(By.ID, "result").is_displayed():
            raise Failure(f"{what}: the result was not kept after the end (badge {conn_state(driver)!r})")
        time.sleep(0.5)
    check(driver.find_element(By.ID, "result").text == text and driver.find_element(By.ID, "conn").text == "run over",
          f"{what}: the result stays on screen after the run ended ({text.splitlines()[0]!r}), the badge says 'run over'")


# ---------------------------------------------------------------- scenarios

def scenario_demo(binary, args):
    """A demo: the spectator page shows both runners and updates; it has no controls; a forged control
    request is refused; the runner's page cheers and cancels (with confirmation); the result appears."""
    port = free_port()
    demo = Run(binary, ["demo", "--frontend", "json,web", "--frontend-option", f"web.listen=127.0.0.1:{port}",
                        "--speedup", "6", "--goal", "1"], "demo")
    spectator = runner = None
    try:
        page, control = demo.addresses()
        check(page == f"http://127.0.0.1:{port}/" and control.startswith(page + "control/"),
              f"addresses printed: {page} and a control address under it")
        check(re.fullmatch(r"[0-9a-f]{32}", control.rsplit("/", 1)[1]) is not None, "the control token is 32 hex digits")
        spectator = browser()
        spectator.get(page)
        wait_page(spectator, "the live connection", lambda d: conn_state(d) == "live")
        wait_page(spectator, "both runners on the board", lambda d: sorted(runner_names(d)) == ["alice", "bob"])
        first = distance_of(spectator, "alice")
        wait_page(spectator, "alice's distance changing live", lambda d: distance_of(d, "alice") not in (None, first))
        check(True, f"alice's distance went from {first} to {distance_of(spectator, 'alice')} without a reload")
        check(not spectator.find_elements(By.ID, "controls") and not spectator.find_elements(By.CSS_SELECTOR, ".cheer-button, #cancel"),
              "the spectator page has no controls")
        check(post(page + "control/" + "0" * 32 + "/input", '{"type":"cancel"}') == 403, "a forged control request (wrong token) gets 403")
        check(post(page + "control/input", '{"type":"cancel"}') in (403, 404), "a control request without a token is refused")
        status, body = get(page + "control/" + "f" * 32)
        check(status == 403 and "spectator page" in body, "a control page with a wrong token gets 403")

        runner = browser()
        runner.get(control)
        wait_page(runner, "the runner's page live with its controls", lambda d: conn_state(d) == "live" and d.find_elements(By.ID, "controls"))
        wait_page(runner, "the cancel button while running", lambda d: d.find_element(By.ID, "cancel").is_displayed())
        # The demo takes stop and cancel only (its status frames' inputs): the page offers no cheer that would do nothing.
        check(accepted(demo.frames()) == {"cancel"} and offered(runner) == {"cancel"},
              f"inputs offered {sorted(offered(runner))} = inputs the demo accepts {sorted(accepted(demo.frames()))}")
        # A browser opening the page mid-race sees the board at once (the snapshot), before any new frame.
        late = browser()
        try:
            late.get(page)
            wait_page(late, "a late page showing the race", lambda d: sorted(runner_names(d)) == ["alice", "bob"])
            check(bool(late.find_element(By.ID, "chart").find_elements(By.TAG_NAME, "polyline")), "a late page has the chart's history")
        finally:
            late.quit()

        click(runner, "#cancel")
        wait_page(runner, "the confirmation", lambda d: d.find_element(By.ID, "confirm").is_displayed())
        click(runner, "#confirm-no")
        check(not runner.find_element(By.ID, "confirm").is_displayed(), "'No, keep running' cancels nothing")
        click(runner, "#cancel")
        wait_page(runner, "the confirmation again", lambda d: d.find_element(By.ID, "confirm").is_displayed())
        click(runner, "#confirm-yes")
        wait_page(runner, "the cancel sent", lambda d: control_status(d).startswith("sent: cancel"))
        # A cancelled run ends at once (no result frame): the board marks alice cancelled, the news says so.
        wait_page(spectator, "alice cancelled on the spectator's board",
                  lambda d: d.find_elements(By.CSS_SELECTOR, "#board tr.runner.me.state-cancelled"), limit=120)
        wait_page(spectator, "the notice in the news", lambda d: "you cancelled" in d.find_element(By.ID, "feed").text)
        check(True, "the page shows alice cancelled and the notice 'you cancelled'")
        wait_page(runner, "no control left once cancelled", lambda d: offered(d) == set())
        check(True, "after the cancel the runner's page offers nothing (no cheer, no cancel)")
        check(demo.finish() == 0, "the demo ended with status 0")
        for driver, who in ((spectator, "spectator"), (runner, "runner")):
            result_kept(driver, who)
        frames = demo.frames()
        statuses = [f for f in frames if f.get("type") == "status"]
        check(any(f.get("type") == "notice" and f.get("message") == "you cancelled" for f in frames)
              and any(r["me"] and r["state"] == "cancelled" for r in statuses[-1]["runners"]),
              "the demo's own JSON stream has alice cancelled: the page's cancel reached the run")
    finally:
        for driver in (spectator, runner):
            if driver:
                driver.quit()
        demo.stop()


def scenario_reconnect(binary, args):
    """The server drops the stream (its process stops); the page says so, and reconnects by itself,
    without a reload, when a board serves again on the same address."""
    port = free_port()
    listen = ["--frontend-option", f"web.listen=127.0.0.1:{port}"]
    first = Run(binary, ["demo", "--frontend", "json,web", "--speedup", "1", "--goal", "2"] + listen, "first")
    driver = second = None
    try:
        page, _ = first.addresses()
        driver = browser()
        driver.get(page)
        wait_page(driver, "live", lambda d: conn_state(d) == "live" and runner_names(d))
        driver.execute_script("window.__sameDocument = 'yes';")
        # Killed, not ended: the stream drops without the run's `end` (an ended run's page keeps its result).
        first.stop(signal.SIGKILL)
        wait_page(driver, "the page noticing the dropped stream", lambda d: conn_state(d) == "reconnecting")
        check(True, "the page shows 'reconnecting…' once the server is gone")
        second = Run(binary, ["demo", "--frontend", "json,web", "--speedup", "1", "--goal", "2"] + listen, "second")
        second.addresses()
        wait_page(driver, "the page live again", lambda d: conn_state(d) == "live" and runner_names(d))
        check(driver.execute_script("return window.__sameDocument;") == "yes", "reconnected by itself, in the same document (no reload)")
    finally:
        if driver:
            driver.quit()
        first.stop()
        if second:
            second.stop()


def scenario_invite(binary, args):
    """Bob's board serves the page; alice invites him; the invitation and its code show on bob's
    control page; Accept there starts the race; a cheer clicked there reaches alice's JSON stream."""
    port_a, port_b, web = free_port(socket.SOCK_DGRAM), free_port(socket.SOCK_DGRAM), free_port()
    bob = Run(binary, ["run", "--name", "bob", "--join", "--port", str(port_b), "--frontend", "json,web",
                       "--frontend-option", f"web.listen=127.0.0.1:{web}", "--speedup", "8", "--wait", "90",
                       "--pace", "5:40", "--seed", "2"], "bob")
    alice = None
    driver = None
    try:
        _, control = bob.addresses()
        driver = browser()
        driver.get(control)
        wait_page(driver, "live", lambda d: conn_state(d) == "live")
        wait_page(driver, "bob's wait line", lambda d: re.fullmatch(r"bob is waiting for an invitation: \d+ s left",
                                                                    d.find_element(By.ID, "summary").text))
        check(True, "the page says how long bob still waits: " + driver.find_element(By.ID, "summary").text)
        alice = Run(binary, ["run", "--name", "alice", "--invite", "bob", "--mode", "race", "--goal", "0.6", "--port", str(port_a),
                             "--peer", f"127.0.0.1:{port_b}", "--frontend", "json", "--speedup", "8", "--wait", "90",
                             "--invite-timeout", "90", "--pace", "5:00", "--seed", "1"], "alice", stdin=True)
        invitation = bob.wait_for("the invitation in bob's JSON stream",
                                  lambda: next((f["invitation"] for f in bob.frames() if f.get("type") == "invitation"), None))
        wait_page(driver, "the invitation on bob's page", lambda d: d.find_elements(By.CSS_SELECTOR, ".invitation button[data-answer=accept]"))
        shown = driver.find_element(By.CSS_SELECTOR, ".invitation").text
        wait_page(driver, "the wait line gone once invited", lambda d: "waiting for an invitation" not in d.find_element(By.ID, "summary").text)
        check("alice invites you" in shown, f"the page shows who invites: {shown.splitlines()[0]!r}")
        if invitation.get("code"):
            check(driver.find_element(By.CSS_SELECTOR, ".invitation .code").text == invitation["code"],
                  f"the page shows the invitation's code {invitation['code']}")
        click(driver, ".invitation button[data-answer=accept]")
        wait_page(driver, "the accept sent", lambda d: control_status(d).startswith("sent: accept"))
        # Bob is not paired with alice: her person confirms his code too (both sides compare).
        confirm = alice.wait_for("alice asked to confirm bob's code",
                                 lambda: next((f["invitation"] for f in alice.frames() if f.get("type") == "invitation"), None))
        check(confirm.get("invitee") == "bob" and confirm.get("code") == invitation.get("code"),
              f"alice's screen asks to confirm bob's code {confirm.get('code')}")
        alice.send(json.dumps({"type": "accept", "invitation": confirm["id"]}))
        alice.wait_for("the race starting in alice's stream",
                       lambda: any(f.get("type") == "status" and f.get("stage") == "running" for f in alice.frames()), limit=90)
        check(True, "accepting on the page started the race")
        wait_page(driver, "the start in the News", lambda d: "starts at" in d.find_element(By.ID, "feed").text)
        start = next(line for line in driver.find_element(By.ID, "feed").text.splitlines() if "starts at" in line)
        check(re.search(r"starts at \d\d:\d\d:\d\d \(in \d+ s\)", start) is not None and "T" not in start.split("starts at")[1],
              f"the start time as people read it: {start!r}")
        wait_page(driver, "the cheer buttons once running", lambda d: d.find_element(By.ID, "cheer").is_displayed())
        check(len(driver.find_elements(By.CSS_SELECTOR, ".cheer-button")) == 12, "twelve cheer buttons")
        check(offered(driver) == accepted(bob.frames()) == {"cheer", "cancel"},
              f"inputs offered {sorted(offered(driver))} = inputs bob's run accepts {sorted(accepted(bob.frames()))}")
        click(driver, ".cheer-button[data-emoji='🔥']")
        wait_page(driver, "the cheer sent", lambda d: control_status(d).startswith("sent: cheer"))
        cheer = alice.wait_for("bob's cheer in alice's JSON stream",
                               lambda: next((f["cheer"] for f in alice.frames() if f.get("type") == "cheer"), None))
        check(cheer.get("from") == "bob" and cheer.get("emoji") == "🔥", f"alice's stream got {cheer}")
        wait_page(driver, "the result on bob's page", lambda d: d.find_element(By.ID, "result").is_displayed(), limit=150)
        check("wins" in driver.find_element(By.ID, "result").text, "the result: " + driver.find_element(By.ID, "result").text.splitlines()[0])
        check(offered(driver) == set(), "once the result is in, the page offers no input")
        bob.finish()
        alice.finish()
        result_kept(driver, "bob's page")
    finally:
        if driver:
            driver.quit()
        bob.stop()
        if alice:
            alice.stop()


def scenario_watch(binary, args):
    """`watch --frontend web` is read-only entirely: no control address, every control request 403."""
    port = free_port()
    watch = Run(binary, ["watch", "--peer", f"127.0.0.1:{free_port(socket.SOCK_DGRAM)}", "--wait", "60", "--frontend", "web",
                         "--frontend-option", f"web.listen=127.0.0.1:{port}"], "watch")
    try:
        page, control = watch.addresses()
        check(control is None and "control this run" not in watch.stderr(), "watch prints no control address")
        status, body = get(page)
        check(status == 200 and 'data-control="false"' in body and 'id="controls"' not in body, "the page is the spectator's")
        check(post(page + "control/" + "a" * 32 + "/input", '{"type":"cancel"}') == 403, "control requests get 403")
    finally:
        watch.stop()


def scenario_course(binary, args):
    """The map: the plugin loaded through its C ABI by webhost.py, fed a course frame and status frames
    with positions on it (the shape of docs/FRONTENDS.md), shown on a phone and on a TV."""
    sys.path.insert(0, HERE)
    import webhost
    port = free_port()
    host = webhost.PluginHost(os.path.join(os.path.dirname(binary), "libWebFrontEnd.so"), {"listen": f"127.0.0.1:{port}", "qr": "off"})
    phone = tv = None
    try:
        race = webhost.CourseRace(os.path.join(HERE, "..", "Fixtures", "cerknicko-jezero.gpx"))
        for frame in race.frames(until=0.55):
            host.deliver(frame)
        page = f"http://127.0.0.1:{port}/"
        phone = browser(360, 1400)
        phone.get(page)
        wait_page(phone, "the map with every runner", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map .map-runner")) == 3)
        check(bool(phone.find_elements(By.CSS_SELECTOR, "#map polyline")), "the course polyline is drawn")
        check(phone.find_element(By.ID, "map-title").text.startswith(race.name), "the map names the course")
        wait_page(phone, "carol off course on the board and the map",
                  lambda d: "off course" in d.find_element(By.CSS_SELECTOR, "#board tr.runner[data-id='00000000000000c3']").text
                  and "carol (off course)" in d.find_element(By.ID, "map").text)
        check(True, "carol, off course, is marked so on the board and on the map")
        width = phone.execute_script("return document.documentElement.scrollWidth;")
        check(width <= 360, f"nothing wider than a 360-px phone (page width {width})")
        tv = browser(1920, 1080)
        tv.get(page)
        wait_page(tv, "the TV view", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map .map-runner")) == 3)
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            phone.save_screenshot(os.path.join(args.screenshots, "web-phone.png"))
            tv.save_screenshot(os.path.join(args.screenshots, "web-tv.png"))
            check(True, f"screenshots saved in {args.screenshots}")
        before = phone.find_element(By.CSS_SELECTOR, "#map .map-runner circle").get_attribute("cx")
        for frame in race.frames(start=0.55, until=0.6):
            host.deliver(frame)
        wait_page(phone, "the runners moving on the map",
                  lambda d: d.find_element(By.CSS_SELECTOR, "#map .map-runner circle").get_attribute("cx") != before)
    finally:
        for driver in (phone, tv):
            if driver:
                driver.quit()
        host.close()


def course_gpx(path):
    """A straight 300-m route (a course), written to `path`."""
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?><gpx version="1.1" creator="webpage.py" xmlns="http://www.topografix.com/GPX/1/1">'
                '<rte><name>line</name><rtept lat="46.0000" lon="14.0000"/><rtept lat="46.0027" lon="14.0000"/></rte></gpx>')


def scenario_ghost(binary, args):
    """alice races her own record on a course, alone: the page tells the ghost from alice (the board's
    row, the map's dot, the result), the News has no 'open race' warning (nobody else races), and no
    start time as raw ISO-8601."""
    folder = tempfile.mkdtemp(prefix="materunner-web-ghost-")
    course = os.path.join(folder, "line.gpx")
    course_gpx(course)
    data = ["--data-dir", os.path.join(folder, "data")]
    solo = Run(binary, ["run", "--name", "alice", "--mates", "0", "--port", "0", "--course", course, "--pace", "2:40", "--seed", "3",
                        "--speedup", "20", "--frontend", "json"] + data, "ghost-record")
    check(solo.finish() == 0, "alice's record run ended")
    listed = subprocess.run([binary, "records", "--json"] + data, capture_output=True, text=True, timeout=60)
    record = json.loads(listed.stdout.splitlines()[0])["id"]  # one JSON object a line
    port = free_port()
    run = Run(binary, ["run", "--name", "alice", "--mates", "0", "--port", "0", "--course", course, "--pace", "3:00", "--seed", "1",
                       "--speedup", "4", "--ghost", record[:8], "--frontend", "json,web", "--frontend-option", f"web.listen=127.0.0.1:{port}"]
              + data, "ghost")
    driver = None
    try:
        page, _ = run.addresses()
        driver = browser(412, 1400)
        driver.get(page)
        wait_page(driver, "alice and her ghost on the board", lambda d: runner_names(d) in (["alice", "alice"],))
        # Read in one go: the page redraws the board and the map on every frame.
        ghosts = driver.execute_script("return [...document.querySelectorAll('#board tr.runner.ghost')].map((r) => r.textContent);")
        check(len(ghosts) == 1 and "👻 ghost" in ghosts[0], "exactly one of the two 'alice' rows is marked 👻 ghost")
        wait_page(driver, "both on the map", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map .map-runner")) == 2)
        marked = driver.execute_script("return [...document.querySelectorAll('#map .map-runner.ghost')].map((g) => g.textContent);")
        check(len(marked) == 1 and marked[0].startswith("👻"), "the ghost's dot on the map is marked and labelled 👻")
        wait_page(driver, "the result", lambda d: d.find_element(By.ID, "result").is_displayed(), limit=180)
        check("👻 ghost" in driver.find_element(By.ID, "result").text, "the result marks the ghost's row")
        feed = driver.find_element(By.ID, "feed").text
        check("open race" not in feed, "no 'open race' warning in the News of a run alone with a ghost")
        check(re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", feed) is None, "no raw ISO-8601 time in the News")
        check(run.finish() == 0, "the run ended with status 0")
        result_kept(driver, "the ghost race's page", seconds=6)
    finally:
        if driver:
            driver.quit()
        run.stop()


def scenario_load(binary, args):
    """200 idle event streams and 100 connections that send nothing (a bounded client on loopback, closed
    afterwards) do not keep the runner out: the control page still loads and goes live, its cancel still
    reaches the run, and the process exits 0 with them still open."""
    port = free_port()
    demo = Run(binary, ["demo", "--frontend", "json,web", "--frontend-option", f"web.listen=127.0.0.1:{port}",
                        "--speedup", "1", "--goal", "3"], "load")
    sockets = []
    driver = None
    try:
        page, control = demo.addresses()
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sockets.append(s)
        answers = {}
        for s in sockets:
            try:
                head = s.recv(64).split(b" ")[1].decode()
            except (socket.timeout, IndexError, OSError):
                head = "none"
            answers[head] = answers.get(head, 0) + 1
        check(answers.get("200", 0) == 64 and answers.get("503", 0) == 136,
              f"200 idle event streams open: {answers.get('200', 0)} streaming (the spectators' limit), {answers.get('503', 0)} told 503")
        # And half-open ones that never send a request, as a flood leaves them: still open when the run ends.
        for _ in range(100):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        status, _ = get(page)
        check(status == 200, "the spectator page still answers")
        driver = browser()
        driver.get(control)
        wait_page(driver, "the control page live beside them", lambda d: conn_state(d) == "live" and d.find_element(By.ID, "cancel").is_displayed())
        check(True, "the control page loads and streams (its own places) beside 200 idle connections")
        click(driver, "#cancel")
        wait_page(driver, "the confirmation", lambda d: d.find_element(By.ID, "confirm").is_displayed())
        click(driver, "#confirm-yes")
        wait_page(driver, "the cancel sent", lambda d: control_status(d).startswith("sent: cancel"))
        code = demo.finish()
        check(code == 0, f"the demo exits 0 with the connections still open (status {code})")
        check("NIOAsyncWriter" not in demo.stderr() and "Fatal error" not in demo.stderr(), "nothing crashed at the exit")
        frames = demo.frames()
        check(any(f.get("type") == "notice" and f.get("message") == "you cancelled" for f in frames), "the cancel reached the run")
    finally:
        for s in sockets:
            s.close()
        if driver:
            driver.quit()
        demo.stop()


def scenario_gps(binary, args):
    """A cheap receiver's fixes dropped by the accuracy limit: the plugin, loaded through its C ABI by
    webhost.py, fed status frames whose `position` has `dropped_fixes` (the shape docs/FRONTENDS.md gives,
    as a run with gpsd makes them); the page says why the distance does not grow, and the receiver's state."""
    sys.path.insert(0, HERE)
    import webhost
    port = free_port()
    host = webhost.PluginHost(os.path.join(os.path.dirname(binary), "libWebFrontEnd.so"), {"listen": f"127.0.0.1:{port}", "qr": "off"})
    driver = None
    try:
        summary = "fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy"
        status = {"schema": 1, "type": "status", "time": "2027-01-15T08:01:05.000Z", "stage": "running", "elapsed": "01:05",
                  "elapsed_s": 65, "mode": "single", "goal": "1.00 km", "goal_m": 1000, "message": "running to 1.00 km",
                  "inputs": ["stop", "cancel", "cheer"],
                  "position": {"source": "gpsd", "state": "fix_3d", "accuracy_m": 23, "summary": "GPS 3D fix ±23 m",
                               "dropped_fixes": {"count": 12, "max_accuracy_m": 20, "summary": summary}},
                  "runners": [{"id": "00000000000000a1", "name": "alice", "me": True, "rank": 1, "state": "running", "distance": "0.00 km",
                               "distance_m": 0, "progress": 0, "leader": True, "time": "01:05", "time_s": 65}]}
        check(host.deliver(status) == 0, "the plugin took the status frame")
        driver = browser()
        driver.get(f"http://127.0.0.1:{port}/")
        wait_page(driver, "the dropped fixes on the page", lambda d: "fixes dropped" in d.find_element(By.ID, "gps").text)
        shown = driver.find_element(By.ID, "gps").text
        check(summary in shown and "GPS 3D fix ±23 m" in shown, f"the page says the receiver's state and why the distance does not grow: {shown!r}")
        status["position"] = {"source": "sim", "state": "simulated", "summary": "simulated"}
        host.deliver(status)
        wait_page(driver, "nothing about a simulator", lambda d: not d.find_element(By.ID, "gps").is_displayed())
        check(True, "with the simulator (nothing dropped) the line is gone")
    finally:
        if driver:
            driver.quit()
        host.close()


SCENARIOS = {"demo": scenario_demo, "gps": scenario_gps, "reconnect": scenario_reconnect, "invite": scenario_invite, "watch": scenario_watch,
             "course": scenario_course, "ghost": scenario_ghost, "load": scenario_load}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-dir", default=".build/debug")
    parser.add_argument("--screenshots", help="folder for the course scenario's phone and TV screenshots")
    parser.add_argument("scenarios", nargs="+", choices=sorted(SCENARIOS))
    args = parser.parse_args()
    binary = os.path.abspath(os.path.join(args.build_dir, "materunner"))
    for name in args.scenarios:
        print(f"{name}:", flush=True)
        try:
            SCENARIOS[name](binary, args)
        except Failure as failure:
            print(f"FAILED {name}: {failure}", flush=True)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
