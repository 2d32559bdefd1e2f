"""testdata/service/lspclient.py: an editor that times the language server.

    python3 lspclient.py DIR SCENARIO DGSLINT [options...]

Starts DGSLINT --lsp options in DIR (which holds job.json's directory:
file URIs are DIR/job.json), as an editor does (messages as they come,
no DGSLINT_TEST_LSP_SERIAL), and prints, in a fixed order, whether each
answer came in time (within LSP_BOUND seconds, default 1: the service
takes 3 s a request) and what the diagnostics said.

SCENARIO "requests": initialize, didOpen, then hover, completion and a
code action at once, each timed; then waits (up to WAIT s) for the
diagnostics that hold the service's findings, and shuts down.
SCENARIO "exit": initialize, then shutdown and exit at once, while the
service is still being read: the server must end within BOUND s.
"""
import json
import os
import subprocess
import sys
import threading
import time

BOUND = float(os.environ.get("LSP_BOUND", "1"))
WAIT = 30.0


def messages(f):
    """Each message the server writes on f (Content-Length framing), until
    its end (also testdata/lsp/stress.py's)."""
    while True:
        line = f.readline()
        if not line:
            return
        if not line.startswith(b"Content-Length:"):
            continue
        n = int(line.split(b":")[1])
        while f.readline() not in (b"\r\n", b"\n", b""):
            pass
        yield json.loads(f.read(n))


def main():
    d, scenario, prog = sys.argv[1], sys.argv[2], sys.argv[3]
    env = dict(os.environ)
    env.pop("DGSLINT_TEST_LSP_SERIAL", None)
    p = subprocess.Popen([prog, "--lsp"] + sys.argv[4:], cwd=d, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    replies, diags, lock = {}, [], threading.Condition()

    def read():
        for m in messages(p.stdout):
            with lock:
                if "id" in m and "method" not in m:
                    replies[m["id"]] = (time.monotonic(), m)
                elif m.get("method") == "textDocument/publishDiagnostics":
                    diags.append(m["params"]["diagnostics"])
                lock.notify_all()
        with lock:
            replies["eof"] = (time.monotonic(), None)
            lock.notify_all()

    threading.Thread(target=read, daemon=True).start()

    def send(m):
        b = json.dumps(m).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
        p.stdin.flush()
        return time.monotonic()

    def wait(key, limit=WAIT):
        end = time.monotonic() + limit
        with lock:
            while key not in replies and time.monotonic() < end:
                lock.wait(end - time.monotonic())
            return replies.get(key)

    def timed(name, sent, key):
        r = wait(key)
        if r is None:
            print("%s: no answer" % name)
            return None
        took = r[0] - sent
        print("%s: answered %s" % (name, "in time" if took < BOUND
              else "in %.1f s: more than %g s" % (took, BOUND)))
        return r[1]

    uri = "file://" + os.path.join(os.path.abspath(d), "job.json")
    doc = {"uri": uri}
    t = send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None,
                         "capabilities": {}}})
    timed("initialize", t, 1)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    if scenario == "requests":
        text = ('{"workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c",\n'
                ' "strictMode": "RejectOnSchemaActions"}\n')
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": dict(doc, languageId="json",
                                              version=1, text=text)}})
        pos = {"line": 1, "character": 4}
        t = send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                  "params": {"textDocument": doc, "position": pos}})
        timed("hover", t, 2)
        t = send({"jsonrpc": "2.0", "id": 3,
                  "method": "textDocument/completion",
                  "params": {"textDocument": doc, "position": pos}})
        timed("completion", t, 3)
        t = send({"jsonrpc": "2.0", "id": 4,
                  "method": "textDocument/codeAction",
                  "params": {"textDocument": doc, "range": {"start": pos,
                             "end": pos}, "context": {"diagnostics": []}}})
        timed("codeAction", t, 4)
        # The service's findings, published when read.
        end = time.monotonic() + WAIT
        with lock:
            while time.monotonic() < end and not any(
                    x.get("code") == "DGS903" for v in diags for x in v):
                lock.wait(end - time.monotonic())
            codes = [[x.get("code") for x in v] for v in diags]
        print("diagnostics published, first and last:",
              codes[0] if codes else None, codes[-1] if codes else None)
    t = send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    timed("shutdown", t, 9)
    t = send({"jsonrpc": "2.0", "method": "exit"})
    try:
        rc = p.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    took = time.monotonic() - t
    print("exit %d, %s" % (rc, "in time" if took < BOUND
          else "in %.1f s: more than %g s" % (took, BOUND)))
    err = p.stderr.read().decode()
    if os.environ.get("DGSLINT_API_KEY", "\0") in err:
        print("THE API KEY WAS PRINTED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
