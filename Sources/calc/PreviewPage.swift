// The page `calc preview` serves: plain HTML, CSS and JavaScript in one document, nothing loaded
// from elsewhere. It plays the frames at the scene's rate (dropping frames when the server is
// slower, never drifting), steps and scrubs, shows the time and frame number, listens to /events
// and reloads the scene's facts and the shown frame when the file changes, and shows diagnostics.
// Its state is mirrored in data attributes on <body> (ready, version, frame, loaded, playing,
// errors) so a test can wait on the page's state rather than on time.

enum PreviewPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>calc preview</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #1e1e1e; color: #ddd; }
  header { padding: 8px 12px; background: #2a2a2a; display: flex; gap: 12px; align-items: center; }
  header b { color: #fff; }
  #stage { display: flex; justify-content: center; padding: 16px;
           background: repeating-conic-gradient(#333 0% 25%, #3a3a3a 0% 50%) 50% / 20px 20px; }
  #frame { image-rendering: pixelated; max-width: 100%; box-shadow: 0 0 0 1px #000; }
  #controls { display: flex; gap: 8px; align-items: center; padding: 8px 12px; background: #2a2a2a; }
  #controls button { min-width: 2.5em; font-size: 15px; }
  #scrub { flex: 1; }
  #clock { font-variant-numeric: tabular-nums; min-width: 15em; text-align: right; white-space: pre; }
  #diagnostics { margin: 0; padding: 10px 12px; background: #3b1f1f; color: #ffd7d7; white-space: pre-wrap;
                 font: 13px ui-monospace, monospace; border-top: 2px solid #c44; }
  #diagnostics.warnings { background: #3a341c; color: #ffeeb0; border-top-color: #cb3; }
</style>
</head>
<body data-ready="0" data-version="-1" data-frame="0" data-loaded="" data-playing="0" data-errors="0">
<header><b>calc preview</b> <span id="file"></span> <span id="size"></span></header>
<pre id="diagnostics" hidden></pre>
<div id="stage"><img id="frame" alt="frame"></div>
<div id="controls">
  <button id="prev" title="previous frame (←)">◀︎</button>
  <button id="play" title="play / pause (space)">▶︎</button>
  <button id="next" title="next frame (→)">▶︎|</button>
  <input id="scrub" type="range" min="0" max="0" value="0" step="1">
  <span id="clock"></span>
</div>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const img = $("frame"), scrub = $("scrub"), body = document.body;
const st = { info: null, frame: 0, playing: false, startAt: 0, startFrame: 0, waiting: false };

function frames() { return st.info ? st.info.frames : 0; }

function clock() {
  const n = frames();
  const t = st.info && st.info.fps ? st.frame / st.info.fps : 0;
  $("clock").textContent = "t = " + t.toFixed(3) + " s   frame " + st.frame + " / " + Math.max(0, n - 1);
}

function show(n) {
  const count = frames();
  if (!count) return;
  n = Math.max(0, Math.min(count - 1, n | 0));
  st.frame = n;
  scrub.value = String(n);
  body.dataset.frame = String(n);
  clock();
  const want = n + "@" + st.info.version;
  if (img.dataset.want === want) return;
  img.dataset.want = want;
  st.waiting = true;
  img.src = "/frame/" + n + ".png?v=" + st.info.version;
}

img.addEventListener("load", () => { st.waiting = false; body.dataset.loaded = img.dataset.want; });
img.addEventListener("error", () => { st.waiting = false; });

function setPlaying(on) {
  st.playing = on && frames() > 1;
  body.dataset.playing = st.playing ? "1" : "0";
  $("play").textContent = st.playing ? "❚❚" : "▶︎";
  if (st.playing) { st.startAt = performance.now(); st.startFrame = st.frame; requestAnimationFrame(tick); }
}

// while playing, the frame shown is the one due at this instant (frames are skipped, never delayed,
// when the server renders slower than the scene's rate); a new one is asked for once the last has come
function tick(now) {
  if (!st.playing) return;
  const due = st.startFrame + Math.floor((now - st.startAt) * st.info.fps / 1000);
  if (!st.waiting) show(due % frames());
  requestAnimationFrame(tick);
}

async function loadInfo() {
  const r = await fetch("/info", { cache: "no-store" });
  const info = await r.json();
  st.info = info;
  $("file").textContent = info.file;
  $("size").textContent = info.frames ? info.width + "×" + info.height + " px, " + info.fps + " fps, " + info.frames + " frames" : "";
  scrub.max = String(Math.max(0, info.frames - 1));
  const d = $("diagnostics");
  const text = (info.failure ? info.failure + "\n" : "") + info.diagnostics;
  d.hidden = text.length === 0;
  d.textContent = text;
  d.className = info.errors > 0 || info.failure ? "" : "warnings";
  body.dataset.errors = String(info.errors + (info.failure ? 1 : 0));
  body.dataset.version = String(info.version);
  if (info.frames) {
    // small scenes are enlarged by a whole factor (pixels stay square and sharp) to fit about 960×540
    const zoom = Math.max(1, Math.floor(Math.min(960 / info.width, 540 / info.height)));
    img.style.width = info.width * zoom + "px";
    img.style.height = info.height * zoom + "px";
  }
  img.dataset.want = "";
  show(st.frame);
  if (st.playing) { st.startAt = performance.now(); st.startFrame = st.frame; }
  body.dataset.ready = "1";
}

$("play").addEventListener("click", () => setPlaying(!st.playing));
$("prev").addEventListener("click", () => { setPlaying(false); show(st.frame - 1); });
$("next").addEventListener("click", () => { setPlaying(false); show(st.frame + 1); });
scrub.addEventListener("input", () => { setPlaying(false); show(+scrub.value); });
document.addEventListener("keydown", (e) => {
  if (e.target === scrub && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
  if (e.key === " ") { e.preventDefault(); setPlaying(!st.playing); }
  else if (e.key === "ArrowLeft") { setPlaying(false); show(st.frame - 1); }
  else if (e.key === "ArrowRight") { setPlaying(false); show(st.frame + 1); }
});

const events = new EventSource("/events");
events.addEventListener("version", (e) => {
  if (!st.info || +e.data !== st.info.version) loadInfo();
});
loadInfo();
</script>
</body>
</html>
"""#
}
