#!/usr/bin/env python3
"""Drives a real `gobook lsp` over its pipes as an editor would, on one book, and prints what
docs/benchmarks.md's "Language server" table shows: the cold open, keystrokes typed into a paragraph (each
followed at once by a request, whose answer comes once the edit is checked), edits that
change a diagnostic, the bytes the server wrote per keystroke, and its peak memory (VmHWM).

    scripts/bench-lsp.py GOBOOK BOOK.gobook [ROUNDS]

The benchmark book (`genbook BOOK.gobook 1`) has no warnings; for the case of a book with many,
make each diagram carry an unknown attribute (1,700 warnings):

    sed -E 's/^(::(fig|dia|var|prb)(\(#[^)]*\))?) /\1 zz=1 /' BOOK.gobook > warn.gobook

Then, for the comparison, the same book through `GOBOOK check` (ROUNDS runs, wall time and
peak memory from /usr/bin/time).
"""
import json
import os
import subprocess
import sys
import threading
import time


def framed(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, prog):
        self.p = subprocess.Popen(
            [prog, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.inbox = []
        self.bytes = 0
        self.cv = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()
        self.next_id = 0

    def read(self):
        out = self.p.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line == b"\r\n":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            with self.cv:
                self.bytes += len(body)
                self.inbox.append((time.perf_counter(), json.loads(body)))
                self.cv.notify_all()

    def send(self, obj):
        self.p.stdin.write(framed(obj))
        self.p.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def note(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred, timeout=600):
        end = time.time() + timeout
        with self.cv:
            while True:
                for i, (t, m) in enumerate(self.inbox):
                    if pred(m):
                        del self.inbox[: i + 1]
                        return t, m
                left = end - time.time()
                if left <= 0:
                    raise TimeoutError("no answer")
                self.cv.wait(left)

    def quiet(self, seconds):
        """Lets late messages (diagnostics after an answer) arrive, and drops them."""
        time.sleep(seconds)
        with self.cv:
            self.inbox.clear()

    def cpu_ms(self):
        """The server's user + system CPU time so far (all threads), from /proc."""
        fields = open(f"/proc/{self.p.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def hwm_kb(self):
        for line in open(f"/proc/{self.p.pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))]


def summary(name, xs):
    print(f"{name}: median {pct(xs, 0.5):.1f} ms, p95 {pct(xs, 0.95):.1f} ms, max {max(xs):.1f} ms ({len(xs)} rounds)")


def main():
    prog, book = sys.argv[1], os.path.abspath(sys.argv[2])
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    text = open(book, encoding="utf-8").read()
    uri = "file://" + book
    s = Server(prog)
    s.request("initialize", {"capabilities": {}, "processId": None, "rootUri": None})
    s.wait(lambda m: m.get("id") == 1)
    s.note("initialized", {})
    t0 = time.perf_counter()
    s.note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": text}})
    t, m = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    print(f"open -> first diagnostics: {(t - t0) * 1000:.0f} ms, {len(m['params']['diagnostics'])} diagnostics, {s.bytes} bytes written")
    s.quiet(0.5)

    lines = text.split("\n")
    para = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("::en Moves"))
    end = len(lines[para].encode("utf-16-le")) // 2
    version = 1

    def change(line, start, stop, new):
        nonlocal version
        version += 1
        s.note("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": start}, "end": {"line": line, "character": stop}}, "text": new}]})

    def answered_after(line):
        here = {"line": line, "character": 0}
        rid = s.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": here, "end": here}, "context": {"diagnostics": []}})
        return s.wait(lambda m: m.get("id") == rid)[0]

    times, sizes = [], []
    cpu0 = s.cpu_ms()
    for r in range(rounds):
        before = s.bytes
        t0 = time.perf_counter()
        change(para, end, end + (r % 2), "" if r % 2 else "x")
        times.append((answered_after(para) - t0) * 1000)
        s.quiet(0.3)
        sizes.append(s.bytes - before)
    summary("keystroke in a paragraph -> checked (answer to the next request)", times)
    print(f"  server CPU time per keystroke: {(s.cpu_ms() - cpu0) / rounds:.1f} ms")
    print(f"  bytes written per keystroke: median {pct(sizes, 0.5)}, max {max(sizes)}")

    fig = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("::fig"))
    fend = len(lines[fig].encode("utf-16-le")) // 2
    times, sizes = [], []
    for r in range(min(rounds, 20)):
        before = s.bytes
        t0 = time.perf_counter()
        change(fig, fend, fend + (5 if r % 2 else 0), "" if r % 2 else " zz=1")
        t, m = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        times.append((t - t0) * 1000)
        s.quiet(0.3)
        sizes.append(s.bytes - before)
    summary("edit that adds or removes a warning -> its diagnostics", times)
    print(f"  bytes written per edit: median {pct(sizes, 0.5)}, max {max(sizes)}")
    print(f"server peak memory (VmHWM): {s.hwm_kb() / 1024:.0f} MB")
    s.request("shutdown", None)
    s.note("exit", None)
    s.p.wait()

    times, mem, cpu = [], [], []
    for _ in range(min(rounds, 20)):
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", prog, "-q", "check", book], capture_output=True, text=True)
        times.append((time.perf_counter() - t0) * 1000)
        kb, user, system = r.stderr.strip().split("\n")[-1].split()
        mem.append(int(kb))
        cpu.append((float(user) + float(system)) * 1000)
    summary("gobook check (whole process)", times)
    summary("gobook check CPU time (user + system)", cpu)
    print(f"gobook check peak memory: {max(mem) / 1024:.0f} MB")


if __name__ == "__main__":
    main()
