/// The page, its style and its script: served by the plugin itself, nothing fetched from elsewhere
/// (no fonts, no map tiles, no libraries), so it works on a hotspot with no internet.
public enum WebAssets {
    /// The emojis a cheer may carry (the Domain's twelve, in its order).
    public static let cheers = ["👍", "👏", "🔥", "💪", "🚀", "🏃", "❤️", "😄", "💯", "🏆", "🎉", "⚡"]

    /// The page: the spectator's, or the runner's with the controls (`control`).
    public static func page(control: Bool) -> String {
        let controls = control ? """
        <section id="controls" class="card" aria-label="Control this run">
          <div id="invitations"></div>
          <div id="cheer">
            <h2>Cheer</h2>
            <label>to <select id="cheer-to"><option value="">every mate</option></select></label>
            <div id="cheer-buttons">\(cheers.map { "<button type=\"button\" class=\"cheer-button\" data-emoji=\"\($0)\">\($0)</button>" }.joined())</div>
          </div>
          <div id="cancel-box">
            <button type="button" id="cancel" class="danger">Cancel the run…</button>
            <div id="confirm" hidden>
              <p>Cancel the run? You leave the ranking; your mates are told and go on.</p>
              <button type="button" id="confirm-yes" class="danger">Yes, cancel</button>
              <button type="button" id="confirm-no">No, keep running</button>
            </div>
          </div>
          <p id="control-status" role="status"></p>
        </section>
        """ : ""
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>MateRunner live</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body data-control="\(control)">
        <header>
          <h1 id="headline">MateRunner</h1>
          <span id="conn" data-state="connecting">connecting…</span>
        </header>
        <p id="summary"></p>
        <p id="gps" hidden></p>
        <div id="countdown" hidden></div>
        <main>
          <section id="board-card" class="card"><table id="board" aria-label="Runners"><tbody></tbody></table></section>
          <section id="result" class="card" hidden></section>
        \(controls)
          <section id="feed-card" class="card"><h2>News</h2><ul id="feed"></ul></section>
          <section id="chart-card" class="card"><h2>Distance over time</h2><svg id="chart" viewBox="0 0 600 300" role="img" aria-label="Distance over time"></svg></section>
          <section id="map-card" class="card" hidden><h2 id="map-title">Course</h2><svg id="map" viewBox="0 0 600 400" role="img" aria-label="Course map"></svg></section>
        </main>
        </body>
        </html>
        """
    }

    public static let style = #"""
    :root { --bg: #10151c; --card: #1b2430; --text: #eef2f6; --dim: #9aa8b8; --accent: #4cc38a; --danger: #e5484d; --bar: #2c3a4b; }
    * { box-sizing: border-box; }
    html { font-size: clamp(15px, 0.9vw + 10px, 40px); }
    body { margin: 0; padding: 0.6rem; background: var(--bg); color: var(--text); font-family: system-ui, sans-serif; line-height: 1.35; }
    header { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; flex-wrap: wrap; }
    h1 { font-size: 1.3rem; margin: 0; }
    h2 { font-size: 1rem; margin: 0 0 0.4rem; color: var(--dim); font-weight: 600; }
    #conn { font-size: 0.8rem; padding: 0.1rem 0.5rem; border-radius: 1rem; background: var(--bar); color: var(--dim); }
    #conn[data-state="live"] { background: #1f4d37; color: #b8f0d2; }
    #conn[data-state="reconnecting"] { background: #5a3b12; color: #ffd9a0; }
    #conn[data-state="ended"] { background: var(--bar); color: var(--text); }
    #summary { margin: 0.3rem 0 0.6rem; color: var(--dim); }
    #gps { margin: -0.3rem 0 0.6rem; color: var(--dim); font-size: 0.9rem; }
    #gps .dropped { color: #ffd9a0; }
    main { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); }
    @media (min-width: 1000px) { main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } #board-card, #result { grid-column: 1; } }
    .card { background: var(--card); border-radius: 0.6rem; padding: 0.6rem; min-width: 0; }
    table { width: 100%; border-collapse: collapse; }
    td { padding: 0.3rem 0.2rem; vertical-align: middle; }
    tr + tr td { border-top: 1px solid var(--bar); }
    .rank { width: 2.2rem; color: var(--dim); text-align: right; white-space: nowrap; }
    .name { font-weight: 600; overflow-wrap: anywhere; }
    .me .name::after { content: " (you)"; color: var(--accent); font-weight: 400; }
    .leader .rank::before { content: "★"; color: gold; margin-right: 0.15rem; }
    .dot { display: inline-block; width: 0.7rem; height: 0.7rem; border-radius: 50%; margin-right: 0.3rem; }
    .bar { height: 0.45rem; background: var(--bar); border-radius: 0.3rem; margin-top: 0.2rem; overflow: hidden; }
    .bar > span { display: block; height: 100%; background: var(--accent); }
    .numbers { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
    .detail { color: var(--dim); font-size: 0.85rem; }
    .state-cancelled .name, .state-lost .name { color: var(--dim); text-decoration: line-through; }
    .state-finished .detail { color: var(--accent); }
    .tag { font-size: 0.75rem; color: var(--dim); border: 1px solid var(--bar); border-radius: 0.6rem; padding: 0 0.35rem; margin-left: 0.3rem; white-space: nowrap; }
    .ghost .name { font-style: italic; color: var(--dim); }
    #countdown { font-size: 5rem; font-weight: 800; text-align: center; color: var(--accent); }
    #result h2 { color: var(--accent); font-size: 1.2rem; }
    #feed { list-style: none; margin: 0; padding: 0; }
    #feed li { padding: 0.15rem 0; }
    #feed li.warning { color: #ffd9a0; } #feed li.error { color: #ffb3b5; }
    svg { width: 100%; height: auto; display: block; }
    svg text { fill: var(--dim); font-size: 14px; }
    svg text.label { fill: var(--text); font-size: 16px; }
    button, select { font: inherit; color: var(--text); background: var(--bar); border: 0; border-radius: 0.4rem; padding: 0.45rem 0.7rem; min-height: 2.6rem; }
    button:active { transform: scale(0.97); }
    .danger { background: var(--danger); color: white; }
    .accept { background: var(--accent); color: #06210f; }
    #cheer-buttons { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.3rem; margin-top: 0.4rem; }
    #cheer-buttons button { font-size: 1.3rem; padding: 0.2rem; }
    #controls > div + div { margin-top: 0.8rem; }
    .invitation { border: 2px solid var(--accent); border-radius: 0.5rem; padding: 0.5rem; margin-bottom: 0.6rem; }
    .code { font-size: 2rem; letter-spacing: 0.3rem; font-weight: 800; font-variant-numeric: tabular-nums; }
    #control-status { min-height: 1.2rem; color: var(--dim); margin: 0.4rem 0 0; }
    """#

    public static let script = #"""
    "use strict";
    // MateRunner live page: frames arrive by server-sent events (/events): a snapshot of the race so far,
    // then every frame as the runner's board makes it (docs/FRONTENDS.md, docs/frame.schema.json).
    const colors = ["#4cc38a", "#5b9cf5", "#f5a623", "#e5484d", "#b58cf5", "#35c6d6", "#f07fc2", "#c7d154", "#a0a7b0"];
    const control = document.body.dataset.control === "true";
    const $ = (id) => document.getElementById(id);
    let race, ended = false;
    function reset() {
      race = { status: null, result: null, course: null, countdown: null, waiting: null, invitations: new Map(), feed: [], history: new Map(), colors: new Map() };
    }
    reset();

    function esc(text) {
      return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
    }
    function colorOf(id) {
      if (!race.colors.has(id)) race.colors.set(id, colors[race.colors.size % colors.length]);
      return race.colors.get(id);
    }

    // ---- the model: the same rules for the snapshot's frames and the live ones
    function apply(frame) {
      switch (frame.type) {
        case "status": race.status = frame; record(frame); if (frame.stage !== "waiting") { race.countdown = null; race.waiting = null; race.invitations.clear(); } break;
        case "result": race.result = frame; record(frame); race.countdown = null; race.waiting = null; race.invitations.clear(); break;
        case "course": race.course = frame; break;
        case "countdown": race.countdown = frame; break;
        case "waiting": race.waiting = frame.waiting ? frame : null; break;
        case "invitation": if (frame.invitation) race.invitations.set(frame.invitation.id, { frame, received: Date.now() }); break;
        case "notice": case "cheer": race.feed.push(frame); if (race.feed.length > 20) race.feed.shift(); break;
      }
    }
    function record(frame) {
      if (typeof frame.elapsed_s !== "number" || !frame.runners) return;
      for (const r of frame.runners) {
        let h = race.history.get(r.id);
        if (!h) { h = { name: r.name, points: [] }; race.history.set(r.id, h); }
        h.name = r.name;
        const last = h.points[h.points.length - 1];
        if (last && last[0] >= frame.elapsed_s) { if (last[0] === frame.elapsed_s) last[1] = r.distance_m; continue; }
        h.points.push([frame.elapsed_s, r.distance_m]);
        if (h.points.length > 480) h.points = h.points.filter((p, i) => i % 2 === 0 || i === h.points.length - 1);
      }
    }

    // ---- drawing
    let drawPending = false;
    function draw() { if (!drawPending) { drawPending = true; requestAnimationFrame(() => { drawPending = false; render(); }); } }
    function render() {
      const s = race.result || race.status;
      $("headline").textContent = s ? (s.mode === "single" ? "Run" : s.mode === "team" ? "Team race" : "Race") + " to " + s.goal : "MateRunner";
      $("summary").textContent = race.waiting ? race.waiting.message
        : s ? [s.elapsed, s.stage, s.message].filter(Boolean).join(" · ") : "waiting for the runner's board…";
      renderBoard(s);
      renderPosition();
      renderCountdown();
      renderResult();
      renderFeed();
      renderChart(s);
      renderMap(s);
      if (control) renderControls(s);
    }
    function renderBoard(s) {
      const rows = (s && s.runners || []).map((r) => {
        const classes = ["state-" + r.state, r.me ? "me" : "", r.leader ? "leader" : "", r.ghost ? "ghost" : ""].join(" ");
        const detail = r.state === "finished" ? "finished in " + r.time : r.state === "running" ? (r.pace || "") : r.state;
        const laps = race.course && race.course.course && race.course.course.laps > 1 && r.course ? " · lap " + r.course.lap : "";
        const off = (r.off_course ? " · off course" : "") + laps;
        return `<tr class="runner ${classes}" data-id="${esc(r.id)}">
          <td class="rank">${r.rank || "–"}</td>
          <td><span class="dot" data-color="${colorOf(r.id)}"></span><span class="name">${esc(r.name)}</span>${ghostTag(r)}
            <div class="bar"><span data-width="${Math.round(Math.min(1, r.progress || 0) * 1000) / 10}"></span></div></td>
          <td class="numbers"><span class="distance">${esc(r.distance)}</span><div class="detail">${esc(detail + off)}</div>${lapTimes(r)}</td></tr>`;
      });
      $("board").tBodies[0].innerHTML = rows.join("");
      // Styles are set through the DOM, not in the markup: the page's Content-Security-Policy allows no inline style.
      for (const e of $("board").querySelectorAll("[data-width]")) e.style.width = e.dataset.width + "%";
      for (const e of $("board").querySelectorAll("[data-color]")) e.style.background = e.dataset.color;
    }
    // The position source of this board's runner (status frames' position): its state for a receiver or a
    // replay (not the simulator), and why fixes were dropped, so a distance that does not grow is explained.
    function renderPosition() {
      const p = race.status && race.status.position;
      const state = p && p.source !== "sim" ? p.summary : "";
      const dropped = p && p.dropped_fixes && p.dropped_fixes.count > 0 ? p.dropped_fixes.summary : "";
      $("gps").hidden = !state && !dropped;
      $("gps").innerHTML = [state ? `<span class="state">${esc(state)}</span>` : "", dropped ? `<span class="dropped">${esc(dropped)}</span>` : ""]
        .filter(Boolean).join(" · ");
    }
    // On a course with laps: the runner's lap times, as the text board lists them.
    function lapTimes(r) { return r.laps && r.laps.length ? `<div class="laps">laps ${esc(r.laps.join(" "))}</div>` : ""; }
    // A ghost (a recorded run replayed, docs/FRONTENDS.md) is marked as the text board marks it: 👻 ghost.
    function ghostTag(r) { return r.ghost ? ` <span class="tag ghost-tag" title="a recorded run, replayed">👻 ghost${r.announced_by ? ", from " + esc(r.announced_by) : ""}</span>` : ""; }
    function renderCountdown() {
      const c = race.countdown && race.countdown.countdown;
      $("countdown").hidden = !c;
      if (c) $("countdown").textContent = c.seconds_left > 0 ? String(c.seconds_left) : "GO";
    }
    function renderResult() {
      const r = race.result;
      $("result").hidden = !r;
      if (!r) return;
      const lines = (r.runners || []).map((x) => `<tr class="${x.ghost ? "ghost" : ""}"><td class="rank">${x.rank || "–"}</td><td><span class="name">${esc(x.name)}</span>${ghostTag(x)}</td><td class="numbers">${esc(x.distance)}</td><td class="numbers">${x.state === "finished" ? esc(x.time) : esc(x.state)}${lapTimes(x)}</td></tr>`);
      $("result").innerHTML = `<h2>${esc(r.message)}</h2><table><tbody>${lines.join("")}</tbody></table>`;
    }
    function renderFeed() {
      const me = race.status && (race.status.runners || []).find((r) => r.me);
      const items = race.feed.slice(-6).reverse().map((f) => {
        if (f.type === "cheer") {
          const c = f.cheer || {};
          const to = c.to ? (me && c.to === me.name ? " you" : " " + c.to) : "";
          return `<li class="cheer">${esc(c.from)} cheers${esc(to)} ${esc(c.emoji)}</li>`;
        }
        return `<li class="${esc(f.level)}">${esc(f.message)}</li>`;
      });
      $("feed").innerHTML = items.join("") || "<li class=\"detail\">nothing yet</li>";
    }
    function renderChart(s) {
      const goal = s && s.goal_m || 1000;
      let maxT = 60;
      for (const h of race.history.values()) for (const p of h.points) maxT = Math.max(maxT, p[0]);
      const x = (t) => 50 + (t / maxT) * 530, y = (d) => 270 - (Math.min(d, goal) / goal) * 250;
      let svg = `<line x1="50" y1="270" x2="580" y2="270" stroke="#556"/><line x1="50" y1="20" x2="50" y2="270" stroke="#556"/>`;
      svg += `<line x1="50" y1="20" x2="580" y2="20" stroke="#556" stroke-dasharray="4 4"/><text x="54" y="16">${esc(s ? s.goal : "goal")}</text>`;
      svg += `<text x="580" y="290" text-anchor="end">${esc(clock(maxT))}</text><text x="50" y="290">0:00</text>`;
      const ghosts = new Set((s && s.runners || []).filter((r) => r.ghost).map((r) => r.id));
      for (const [id, h] of race.history) {
        if (!h.points.length) continue;
        svg += `<polyline fill="none" stroke-width="3"${ghosts.has(id) ? ` stroke-dasharray="8 6" class="ghost"` : ""} stroke="${colorOf(id)}" points="${h.points.map((p) => x(p[0]).toFixed(1) + "," + y(p[1]).toFixed(1)).join(" ")}"/>`;
      }
      $("chart").innerHTML = svg;
    }
    function clock(seconds) {
      const m = Math.floor(seconds / 60), sec = Math.floor(seconds % 60);
      return m + ":" + String(sec).padStart(2, "0");
    }
    // A course frame (docs/FRONTENDS.md): course.points is the polyline as [lat, lon] pairs; each runner of
    // a status frame has course = {progress_m, lap, lat, lon}, its point on the course, and off_course.
    function coursePoints() {
      const c = race.course && race.course.course;
      return c && Array.isArray(c.points) ? c.points.filter((p) => Array.isArray(p) && p.length >= 2) : [];
    }
    function renderMap(s) {
      const points = coursePoints();
      $("map-card").hidden = points.length < 2;
      if (points.length < 2) return;
      const c = race.course.course;
      $("map-title").textContent = [c.name, c.length ? c.length + (c.laps > 1 ? " × " + c.laps + " laps" : "") : ""].filter(Boolean).join(" · ") || "Course";
      const lat0 = points.reduce((a, p) => a + p[0], 0) / points.length, k = Math.cos(lat0 * Math.PI / 180);
      const xy = (lat, lon) => [lon * k, -lat];
      const projected = points.map((p) => xy(p[0], p[1]));
      const xs = projected.map((p) => p[0]), ys = projected.map((p) => p[1]);
      const minX = Math.min(...xs), minY = Math.min(...ys), spanX = Math.max(...xs) - minX || 1e-9, spanY = Math.max(...ys) - minY || 1e-9;
      const scale = Math.min(560 / spanX, 360 / spanY), offX = 20 + (560 - spanX * scale) / 2, offY = 20 + (360 - spanY * scale) / 2;
      const screen = (p) => [offX + (p[0] - minX) * scale, offY + (p[1] - minY) * scale];
      let svg = `<polyline fill="none" stroke="#6b7c90" stroke-width="5" stroke-linejoin="round" points="${projected.map((p) => screen(p).map((v) => v.toFixed(1)).join(",")).join(" ")}"/>`;
      const start = screen(projected[0]);
      svg += `<circle cx="${start[0].toFixed(1)}" cy="${start[1].toFixed(1)}" r="7" fill="none" stroke="#eef2f6" stroke-width="2"/>`;
      for (const r of (s && s.runners || []).slice().reverse()) {
        const at = r.course;
        if (!at || typeof at.lat !== "number" || typeof at.lon !== "number") continue;
        const [px, py] = screen(xy(at.lat, at.lon));
        // A ghost is a hollow ring, dashed, labelled 👻: never taken for the runner of the same name.
        const dot = r.ghost ? `fill="none" stroke="${colorOf(r.id)}" stroke-width="3" stroke-dasharray="4 3"` : `fill="${colorOf(r.id)}" stroke="#10151c" stroke-width="2"`;
        svg += `<g class="map-runner${r.ghost ? " ghost" : ""}" data-id="${esc(r.id)}"><circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="${r.me ? 10 : 8}" ${dot}/>`;
        svg += `<text class="label" x="${(px + 12).toFixed(1)}" y="${(py + 5).toFixed(1)}">${r.ghost ? "👻 " : ""}${esc(r.name)}${r.off_course ? " (off course)" : ""}</text></g>`;
      }
      $("map").innerHTML = svg;
    }

    // ---- control (the runner's page only: /control/TOKEN)
    function renderControls(s) {
      // Each invitation is drawn once and then only its seconds change: a button being pressed is never replaced.
      const open = [...race.invitations.values()].filter((i) => secondsLeft(i) > 0);
      const box = $("invitations");
      for (const old of [...box.children]) if (!open.some((i) => i.frame.invitation.id === old.dataset.id)) old.remove();
      for (const i of open) {
        const v = i.frame.invitation;
        let card = [...box.children].find((e) => e.dataset.id === v.id);
        if (!card) {
          const code = v.paired ? `<p>paired board${v.code ? ` (code ${esc(v.code)})` : ""}</p>` : v.code ? `<p>Accept only if ${esc(v.invitee || v.from)}'s screen shows this code:</p><p class="code">${esc(v.code)}</p>` : "";
          const title = v.invitee ? `${esc(v.invitee)} answers your invitation: ${esc(v.mode)} to ${esc(v.goal)}` : `${esc(v.from)} invites you: ${esc(v.mode)} to ${esc(v.goal)}`;
          card = document.createElement("div");
          card.className = "invitation";
          card.dataset.id = v.id;
          card.innerHTML = `<h2>${title}</h2>${code}
            <p class="detail"><span class="left"></span> s left to answer</p>
            <button type="button" class="accept" data-answer="accept">Accept</button> <button type="button" data-answer="decline">Decline</button>`;
          box.appendChild(card);
        }
        card.querySelector(".left").textContent = String(Math.ceil(secondsLeft(i)));
      }
      // Only what the run takes now: the inputs its status frames list (a demo takes no cheer, a spectator
      // only stop), and nothing once the run is over or our runner is out of it.
      const st = race.status, takes = (st && st.inputs) || [];
      const me = st && (st.runners || []).find((r) => r.me);
      const live = !ended && !race.result && !!st && st.stage !== "complete" && !(me && me.state === "cancelled");
      $("cheer").hidden = !(live && st.stage === "running" && takes.includes("cheer"));
      $("cancel-box").hidden = !(live && takes.includes("cancel"));
      if ($("cancel-box").hidden) { $("confirm").hidden = true; $("cancel").hidden = false; }
      const select = $("cheer-to"), chosen = select.value;
      const mates = (s && s.runners || []).filter((r) => !r.me);
      const options = `<option value="">every mate</option>` + mates.map((r) => `<option value="${esc(r.id)}">${esc(r.name)}</option>`).join("");
      if (select.dataset.options !== options) { select.innerHTML = options; select.dataset.options = options; select.value = chosen; }
    }
    function secondsLeft(i) { return (i.frame.invitation.seconds_left || 0) - (Date.now() - i.received) / 1000; }
    async function send(event) {
      $("control-status").textContent = "sending…";
      try {
        const response = await fetch(location.pathname.replace(/\/$/, "") + "/input", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(event) });
        $("control-status").textContent = response.ok ? "sent: " + event.type + (event.emoji ? " " + event.emoji : "") : "refused: " + (await response.text());
        return response.ok;
      } catch (error) {
        $("control-status").textContent = "not sent (no connection to the board): " + error;
        return false;
      }
    }
    if (control) {
      $("invitations").addEventListener("click", async (e) => {
        const button = e.target.closest("button[data-answer]");
        if (!button) return;
        const id = button.closest(".invitation").dataset.id;
        if (await send({ type: button.dataset.answer, invitation: id })) { race.invitations.delete(id); draw(); }
      });
      $("cheer-buttons").addEventListener("click", (e) => {
        const button = e.target.closest("button[data-emoji]");
        if (!button) return;
        const event = { type: "cheer", emoji: button.dataset.emoji };
        if ($("cheer-to").value) event.to = $("cheer-to").value;
        send(event);
      });
      $("cancel").addEventListener("click", () => { $("confirm").hidden = false; $("cancel").hidden = true; });
      $("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; $("cancel").hidden = false; });
      $("confirm-yes").addEventListener("click", async () => { $("confirm").hidden = true; $("cancel").hidden = false; await send({ type: "cancel" }); });
      setInterval(draw, 1000);
    }

    // ---- the connection: EventSource reconnects by itself; a watchdog and a retry cover the rest
    let source = null, lastHeard = 0;
    function setConn(state, text) { $("conn").dataset.state = state; $("conn").textContent = text; }
    // The runner's page streams from /control/TOKEN/events, kept apart from the spectators' streams.
    const eventsPath = control ? location.pathname.replace(/\/$/, "") + "/events" : "/events";
    function connect() {
      if (source) source.close();
      if (ended) return;
      source = new EventSource(eventsPath);
      lastHeard = Date.now();
      source.addEventListener("snapshot", (e) => {
        lastHeard = Date.now();
        const snapshot = JSON.parse(e.data);
        reset();
        for (const h of snapshot.history || []) race.history.set(h.id, { name: h.name, points: h.points });
        for (const f of snapshot.frames || []) apply(f);
        setConn("live", "live");
        draw();
      });
      source.addEventListener("frame", (e) => { lastHeard = Date.now(); apply(JSON.parse(e.data)); draw(); });
      source.addEventListener("ping", () => { lastHeard = Date.now(); });
      // The run is over and everything was sent: keep the result on screen, stop reconnecting.
      source.addEventListener("end", () => { ended = true; source.close(); setConn("ended", "run over"); draw(); });
      source.onerror = () => {
        if (ended) return;
        setConn("reconnecting", "reconnecting…");
        if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
      };
    }
    setInterval(() => { if (!ended && Date.now() - lastHeard > 45000) { setConn("reconnecting", "reconnecting…"); connect(); } }, 5000);
    connect();
    render();
    """#
}
