"""testdata/lsp/stress.py: an editor busy with many folders at once.

    python3 stress.py DGSLINT [ROUNDS]

In a temporary repository, 20 folders each hold a document and its
.dgslint.json.  DGSLINT --lsp is started there as an editor starts it
(messages as they come, no DGSLINT_TEST_LSP_SERIAL), the 20 documents
are opened, and then, ROUNDS times (default 60) and without waiting for
any answer: a folder's .dgslint.json is rewritten (the severity of
member-case changed) and told of with workspace/didChangeWatchedFiles,
its document is closed, opened again, changed and hovered.  So the lint
thread reads configurations (configs_find()) while the main thread
opens documents (path_absolute()) and answers hovers, and the
configurations are read again under both.  Printed, in a fixed order:
whether every hover was answered, whether each document's last
diagnostics are those of its version and configuration, the exit status,
and the server's standard error from the first line of a sanitizer's
report or of the allocator's (its messages about the configurations are
left out: which ones it meets depends on the timing).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

# The framing's reader of testdata/service's editor (no __pycache__ left
# in the tree).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "service"))
from lspclient import messages  # noqa: E402

FOLDERS = 20
WAIT = float(os.environ.get("LSP_STRESS_WAIT", "120"))
# "unknown" makes the configuration unusable: the document is linted
# with its last good version (the level before, "warning", when the
# server read it: which one it read depends on the timing, and the last
# level, checked, is "error"), and its problems are published on it.
SEVERITY = {"error": 1, "warning": 2, "info": 3, "unknown": 2}
LEVELS = ["info", "warning", "unknown", "error"]
PAUSE = [0, 0.0005, 0.001, 0.002, 0.0003]
TEXT = '{"StrictMode": "NotStrict"}\n'
REPORT = re.compile(r"Sanitizer|runtime error|detected|corrupted|^==\d+==",
                    re.M)


def write_config(path, level):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write('{"rules": {"member-case": "%s"}}\n' % level)
    os.replace(tmp, path)


def main():
    prog = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    top = tempfile.mkdtemp(prefix="dgslint-stress.")
    os.mkdir(os.path.join(top, ".git"))
    level, version, uris = {}, {}, []
    for i in range(FOLDERS):
        d = os.path.join(top, "f%02d" % i)
        os.mkdir(d)
        write_config(os.path.join(d, ".dgslint.json"), "info")
        level[i] = "info"
        uris.append("file://" + os.path.join(d, "doc.json"))
    env = dict(os.environ)
    env.pop("DGSLINT_TEST_LSP_SERIAL", None)
    p = subprocess.Popen([prog, "--lsp"], cwd=top, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    replies, last, lock = {}, {}, threading.Condition()

    def read():
        for m in messages(p.stdout):
            with lock:
                if "id" in m and "method" not in m:
                    replies[m["id"]] = m
                elif m.get("method") == "textDocument/publishDiagnostics":
                    last[m["params"]["uri"]] = m["params"]
                lock.notify_all()
        with lock:
            replies["eof"] = None
            lock.notify_all()

    errs, sent = [], []
    threading.Thread(target=read, daemon=True).start()
    threading.Thread(target=lambda: errs.append(p.stderr.read()),
                     daemon=True).start()

    def send(m):
        b = json.dumps(m).encode()
        try:
            p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
            p.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def note(method, params):
        send({"jsonrpc": "2.0", "method": method, "params": params})
        # As typed: the server meets each message with its lint thread
        # at a different point of its work.
        time.sleep(PAUSE[len(sent) % len(PAUSE)])
        sent.append(method)

    def wait_for(cond):
        end = time.monotonic() + WAIT
        with lock:
            while not cond() and "eof" not in replies and \
                    time.monotonic() < end:
                lock.wait(min(1.0, end - time.monotonic()))
            return cond()

    def opened(i):
        version[i] = version.get(i, 0) + 1
        note("textDocument/didOpen", {"textDocument": {
            "uri": uris[i], "languageId": "json", "version": version[i],
            "text": TEXT}})

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": None, "rootUri": "file://" + top,
                     "capabilities": {"workspace": {"didChangeWatchedFiles":
                                      {"dynamicRegistration": True}}}}})
    note("initialized", {})
    for i in range(FOLDERS):
        opened(i)
    hovers = []
    for r in range(rounds):
        i = r % FOLDERS
        level[i] = LEVELS[(LEVELS.index(level[i]) + 1) % len(LEVELS)]
        cfg = os.path.join(top, "f%02d" % i, ".dgslint.json")
        write_config(cfg, level[i])
        note("workspace/didChangeWatchedFiles", {"changes": [
            {"uri": "file://" + cfg, "type": 2}]})
        note("textDocument/didClose", {"textDocument": {"uri": uris[i]}})
        opened(i)
        version[i] += 1
        note("textDocument/didChange", {"textDocument": {
            "uri": uris[i], "version": version[i]},
            "contentChanges": [{"text": TEXT}]})
        hovers.append(100 + r)
        send({"jsonrpc": "2.0", "id": 100 + r,
              "method": "textDocument/hover", "params": {
                  "textDocument": {"uri": uris[i]},
                  "position": {"line": 0, "character": 3}}})
    ok = wait_for(lambda: all(h in replies for h in hovers))
    bad = [h for h in hovers if "result" not in replies.get(h, {})]
    print("%d documents reopened and changed under %d changed "
          "configurations: %s" % (rounds, rounds, "every hover answered"
                                  if ok and not bad else
                                  "%d hovers not answered" % len(bad)))

    def settled():
        for i in range(FOLDERS):
            m = last.get(uris[i])
            if m is None or m.get("version") != version[i]:
                return False
            sev = [x.get("severity") for x in m["diagnostics"]
                   if x.get("code") == "DGS205"]
            if sev != [SEVERITY[level[i]]]:
                return False
        return True

    print("the last diagnostics of the %d documents: %s" % (
          FOLDERS, "their last version's, with their configuration"
          if wait_for(settled) else "NOT those of their last version "
          "and configuration"))
    send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    wait_for(lambda: 9 in replies)
    note("exit", None)
    try:
        p.stdin.close()
    except BrokenPipeError:
        pass
    try:
        rc = p.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    print("exit %d" % rc)
    time.sleep(0.1)
    err = b"".join(errs).decode(errors="replace")
    m = REPORT.search(err)
    if m is not None:
        start = err.rfind("\n", 0, m.start()) + 1
        sys.stdout.write("\n".join(err[start:].replace(top, "@TMP@")
                                   .split("\n")[:80]) + "\n")
    for root, dirs, files in os.walk(top, topdown=False):
        for n in files:
            os.unlink(os.path.join(root, n))
        for n in dirs:
            os.rmdir(os.path.join(root, n))
    os.rmdir(top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
