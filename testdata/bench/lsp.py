#!/usr/bin/env python3
"""testdata/bench/lsp.py: the language server's latency and memory.

    python3 testdata/bench/lsp.py DGSLINT LARGE.json SMALL.json [EDITS]

Starts DGSLINT --lsp, opens LARGE (the 1 MB replacements document), and
makes EDITS (default 1000) incremental edits of one character, each
waiting for its publishDiagnostics: the time from writing the didChange
to reading the diagnostics of that version.  Then the same, 200 times, on
SMALL.  Prints one line a measurement, "name value" (the medians in ms,
the server's RSS in KB after the first lint and after the edits), for
bench.sh to check.  Standard library only.
"""
import json
import os
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, msg):
        msg["jsonrpc"] = "2.0"
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        n = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            k, _, v = line.partition(b":")
            if k.lower() == b"content-length":
                n = int(v)
        return json.loads(self.p.stdout.read(n))

    def request(self, method, params):
        i = self.next_id
        self.next_id += 1
        self.send({"id": i, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == i:
                return m

    def wait_diagnostics(self, uri, version):
        while True:
            m = self.read()
            p = m.get("params") or {}
            if (m.get("method") == "textDocument/publishDiagnostics" and
                    p.get("uri") == uri and p.get("version") == version):
                return p["diagnostics"]

    def rss(self):
        with open("/proc/%d/status" % self.p.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def edits(srv, path, n):
    """Opens path, edits it n times; returns the latencies (ms) and the
    RSS after the first lint and after the edits."""
    text = open(path, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(path)
    srv.send({"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "json", "version": 1, "text": text}}})
    first = srv.wait_diagnostics(uri, 1)
    rss0 = srv.rss()
    # A character of the first "name" value, toggled: the document stays
    # of the same size and shape.
    line0 = text.split("\n")[1]
    col = line0.index('"name": "') + len('"name": "')
    lat = []
    for v in range(2, n + 2):
        ch = "x" if v % 2 == 0 else line0[col]
        t0 = time.perf_counter()
        srv.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": v},
            "contentChanges": [{"range": {
                "start": {"line": 1, "character": col},
                "end": {"line": 1, "character": col + 1}}, "text": ch}]}})
        d = srv.wait_diagnostics(uri, v)
        lat.append((time.perf_counter() - t0) * 1000)
        if len(d) != len(first):
            raise SystemExit("the findings changed: %d, then %d"
                             % (len(first), len(d)))
    rss1 = srv.rss()
    srv.send({"method": "textDocument/didClose", "params": {
        "textDocument": {"uri": uri}}})
    return lat, rss0, rss1, len(first)


def main():
    dgslint, large, small = sys.argv[1:4]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    srv = Server([dgslint, "--lsp", "--no-config"])
    srv.request("initialize", {"processId": None, "rootUri": None,
                               "capabilities": {}})
    srv.send({"method": "initialized", "params": {}})
    lat, rss0, rss1, nf = edits(srv, large, n)
    print("large_findings %d" % nf)
    print("large_median_ms %.3f" % statistics.median(lat))
    print("large_p90_ms %.3f" % sorted(lat)[int(len(lat) * 0.9)])
    print("large_rss_first_kb %d" % rss0)
    print("large_rss_after_kb %d" % rss1)
    slat, _, _, _ = edits(srv, small, 200)
    print("small_median_ms %.3f" % statistics.median(slat))
    srv.request("shutdown", None)
    srv.send({"method": "exit"})
    srv.p.wait(timeout=10)
    print("exit %d" % srv.p.returncode)


if __name__ == "__main__":
    main()
