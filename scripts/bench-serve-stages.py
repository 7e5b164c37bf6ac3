#!/usr/bin/env python3
"""Where an edit's time goes in `gobook serve` (docs/benchmarks.md, "Live preview").

Usage: scripts/bench-serve-stages.py BINARY [EDITS] [BOOK]

Copies BOOK (default /tmp/b.gobook, the benchmark book of `cargo run --release --example
genbook -- /tmp/b.gobook`) into a temporary folder, runs `GOBOOK_TIMINGS=1 BINARY serve` on
it, makes the edit of `benches/serve_latency.rs` EDITS times (write in place, wait for
`event: reload` as the page script does, fetch /en/index.html), and prints: save -> page
fetched, the server's user + system CPU per edit (from /proc/PID/stat), and the median of
every stage GOBOOK_TIMINGS printed. With PERF=1 the server runs under `perf record -g`
(then the CPU figure is perf's, not the server's).
"""
import os, re, socket, subprocess, sys, time, statistics, shutil, tempfile
binary = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
source = sys.argv[3] if len(sys.argv) > 3 else "/tmp/b.gobook"
work = tempfile.mkdtemp(prefix="ti-measure-")
book = os.path.join(work, "b.gobook")
shutil.copy(source, book)
log = open(os.path.join(work, "serve.err"), "w+")
env = dict(os.environ, GOBOOK_TIMINGS="1")
pre = ["perf", "record", "-F", "2000", "-g", "-o", os.path.join(tempfile.gettempdir(), "gobook-serve.perf.data"), "--"] if os.environ.get("PERF") else []
p = subprocess.Popen(pre + [binary, "serve", book, "--port", "0"], stderr=log, stdout=subprocess.DEVNULL, env=env, cwd="/tmp")
url = None
for _ in range(600):
    time.sleep(0.05)
    log.seek(0); m = re.search(r"at http://([^/ ]+)/", log.read())
    if m: url = m.group(1); break
host, port = url.split(":"); port = int(port)
ev = socket.create_connection((host, port))
ev.sendall(b"GET /__gobook/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
evf = ev.makefile("rb")
time.sleep(1.0)
def cpu():
    f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def get(path):
    s = socket.create_connection((host, port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
    b = b""
    while True:
        c = s.recv(65536)
        if not c: break
        b += c
    return b.decode("utf-8", "replace")
text = open(book).read()
phrase = "A book made from real games to measure gobook"
log.seek(0, 2); start_log = log.tell()
c0 = cpu(); times = []
cur = text
for r in range(n):
    nxt = text.replace(phrase, f"{phrase} edited-{r}", 1)
    t0 = time.perf_counter()
    with open(book, "w") as f: f.write(nxt)
    while True:
        line = evf.readline()
        if not line: raise SystemExit("event stream closed")
        if line.startswith(b"event: reload"): break
    page = get("/en/index.html")
    dt = (time.perf_counter() - t0) * 1000
    assert f"edited-{r}" in page
    times.append(dt)
    time.sleep(0.15)
time.sleep(0.3)
c1 = cpu()
p.terminate(); p.wait()
log.seek(start_log); out = log.read()
stages = {}
for m in re.finditer(r"^\s+(.+?): ([0-9.]+) ms$", out, re.M):
    stages.setdefault(m.group(1), []).append(float(m.group(2)))
reb = [float(x) for x in re.findall(r"Rebuilt in ([0-9.]+) ms", out)]
times.sort()
q = lambda a, f: a[min(len(a) - 1, int(len(a) * f))]
print(f"{binary}: {n} edits, load {os.getloadavg()[0]:.1f}")
print(f"  save->page: median {statistics.median(times):.1f} p90 {q(times,.9):.1f} p95 {q(times,.95):.1f} min {times[0]:.1f} max {times[-1]:.1f} ms")
print(f"  Rebuilt in: median {statistics.median(reb):.1f} ms ({len(reb)} rebuilds)")
print(f"  server CPU per edit: {(c1-c0)/n*1000:.0f} ms")
w = [tuple(map(float, m)) for m in re.findall(r"burst over ([0-9.]+) ms, rebuild from ([0-9.]+) to ([0-9.]+) ms, signal sent ([0-9.]+) ms", out)]
if w:
    for i, name in enumerate(["burst over", "rebuild start", "rebuild end", "signal sent"]):
        print(f"  serve from first event: {name}: median {statistics.median(x[i] for x in w):.1f} ms")
sv = [float(x) for x in re.findall(r"served ([0-9.]+) ms after", out)]
if sv: print(f"  page served after the site was in place: median {statistics.median(sv):.1f} ms (n={len(sv)})")
for k, v in stages.items():
    if k.startswith("serve:"): continue
    print(f"  {k}: median {statistics.median(v):.2f} ms (n={len(v)})")
shutil.rmtree(work)
