#!/usr/bin/env python3
r"""testdata/service/server.py: a stand-in for the Data Generation Service
API, for the tests of --service.  Python's standard library only.

    server.py --world FILE --port-file FILE [--log FILE]
              [--tls CERT KEY] [--idle SECONDS] [--life SECONDS]

It listens on 127.0.0.1 (a port of the system's choosing, written to the
port file once it listens), over HTTP or, with --tls, HTTPS, and answers
in the shapes the service answers in:

  GET /api/Workspace/search?filters[name]=NAME   {"records": [...]}: every
      workspace whose name holds NAME in any letter case (the search
      returns near names too)
  GET /api/SchemaDiff?workspaceId=ID             the workspace's changes
      (the list of schema changes); 400 without the parameter
  GET /api/GeneratorMetadata                     the generators, or 404
  GET /api/workspace/ID/subsetting               the configurations, or
      404 for an unknown workspace

The world (JSON) holds "key" (the API key accepted; a request without
"Authorization: Apikey KEY" gets 401, whose body echoes the header, as a
careless service might), "workspaces" ([{"id", "workspaceName"}]),
"schemaDiff" and "subsetting" (objects by workspace id: the body to
answer), "generators", "diffParam" (the SchemaDiff parameter, default
workspaceId) and "routes": answers that replace those above, by path
(without the query): {"status": N, "body": JSON, "raw": "text",
"delay": SECONDS, "repeat": N (the raw text N times)}.  "base" names a
world (a file beside it) whose members those of this one replace.
"delay": SECONDS at the top delays every answer (a slow service).

Hostile modes: "key": "@env" accepts the key of DGSLINT_API_KEY (a case's
own key); "escape" echoes the header of a refused request as other
encoders write JSON: "dotnet" (.NET's escapes + < > & ' as \u002B...),
"slash" (every / as \/), "percent" (the key percent-encoded, lower-case
hex), "unicode" (every character of the header as \u00XX); or as a
careless service decodes or encodes it again: "form" (form-decoded, + as
a space), "form-encoded" (a space as +), "twice" (percent-encoded
twice), "html" and "html-hex" (HTML character references, &#43; and
&#x2B;).

Every request is logged (method, path and query, and whether it carried
the key: never the key).  The server stops by itself after --idle seconds
without a request (default 20) or --life seconds in all (default 120).
"""
import argparse
import http.server
import json
import os
import re
import socketserver
import ssl
import sys
import threading
import time
import urllib.parse


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--world", required=True)
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--log")
    ap.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    ap.add_argument("--idle", type=float, default=20)
    ap.add_argument("--life", type=float, default=120)
    args = ap.parse_args()
    with open(args.world, encoding="utf-8") as f:
        world = json.load(f)
    if "base" in world:     # another world, these members over it
        with open(os.path.join(os.path.dirname(args.world), world["base"]),
                  encoding="utf-8") as f:
            base = json.load(f)
        base.update(world)
        world = base
    if world.get("key") == "@env":
        world["key"] = os.environ.get("DGSLINT_API_KEY", "")
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    log_lock = threading.Lock()
    requests = [0]

    def refused(auth):
        """The body of a 401, echoing the header as world["escape"]
        says."""
        how = world.get("escape")
        if how == "percent":
            auth = urllib.parse.quote(auth, safe="")
            auth = re.sub("%[0-9A-F]{2}", lambda m: m.group(0).lower(), auth)
        elif how == "form":
            auth = urllib.parse.unquote_plus(auth)
        elif how == "form-encoded":
            auth = urllib.parse.quote_plus(auth, safe="")
        elif how == "twice":
            auth = urllib.parse.quote(urllib.parse.quote(auth, safe=""),
                                      safe="")
        elif how == "html":
            auth = "".join(c if c.isalnum() else "&#%d;" % ord(c)
                           for c in auth)
        elif how == "html-hex":
            auth = "".join(c if c.isalnum() else "&#x%X;" % ord(c)
                           for c in auth)
        text = json.dumps({"title": "Unauthorized", "detail":
                           "the header was '%s'" % auth})
        if how == "dotnet":
            for c in "+<>&'":
                text = text.replace(c, "\\u%04X" % ord(c))
        elif how == "slash":
            text = text.replace("/", "\\/")
        elif how == "unicode":
            head = "the header was '"
            i = text.index(head) + len(head)
            j = text.index("'", i)
            text = text[:i] + "".join("\\u%04x" % ord(c)
                                      for c in text[i:j]) + text[j:]
        return text

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *a):
            pass

        def answer(self, status, body=None, raw=None):
            data = raw.encode() if raw is not None else \
                json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except OSError:
                pass

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            with log_lock:
                requests[0] += 1
            auth = self.headers.get("Authorization", "")
            key = world.get("key")
            good = key is None or auth in ("Apikey " + key, "apikey " + key)
            if log:
                with log_lock:
                    log.write("GET %s%s%s\n" % (url.path,
                              "?" + url.query if url.query else "",
                              "" if good else " (no key)"))
                    log.flush()
            time.sleep(world.get("delay", 0))
            if not good:
                self.answer(401, raw=refused(auth))
                return
            route = world.get("routes", {}).get(url.path)
            if route is not None:
                time.sleep(route.get("delay", 0))
                raw = route.get("raw")
                if raw is not None and "repeat" in route:
                    raw = raw * route["repeat"]
                self.answer(route.get("status", 200), route.get("body"),
                            raw)
                return
            parts = url.path.strip("/").split("/")
            if url.path == "/api/Workspace/search":
                name = query.get("filters[name]", [""])[0].lower()
                self.answer(200, {"records": [
                    w for w in world.get("workspaces", [])
                    if name in w.get("workspaceName", "").lower()]})
            elif url.path == "/api/SchemaDiff":
                param = world.get("diffParam", "workspaceId")
                if param not in query:
                    self.answer(400, {"title": "Bad Request", "detail":
                                      "%s is required" % param})
                    return
                self.answer(200, world.get("schemaDiff", {}).get(
                    query[param][0], []))
            elif url.path == "/api/GeneratorMetadata" and \
                    "generators" in world:
                self.answer(200, world["generators"])
            elif len(parts) == 4 and parts[:2] == ["api", "workspace"] and \
                    parts[3] == "subsetting" and \
                    parts[2] in world.get("subsetting", {}):
                self.answer(200, world["subsetting"][parts[2]])
            else:
                self.answer(404, {"title": "Not Found"})

    class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
        # A connection a thread: dgslint asks the parts at once.
        allow_reuse_address = True
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass

    srv = Server(("127.0.0.1", 0), Handler)
    if args.tls:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(args.tls[0], args.tls[1])
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(tmp, args.port_file)
    srv.timeout = 0.2
    start = last = time.monotonic()
    seen = 0
    while True:
        srv.handle_request()
        now = time.monotonic()
        if requests[0] != seen:
            seen = requests[0]
            last = now
        if now - last > args.idle or now - start > args.life:
            break
    srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
