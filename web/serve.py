#!/usr/bin/env python3
"""Serves the built play page (web/dist) on 127.0.0.1 with the headers that make it
cross-origin isolated, so that the engine can use threads.

    python3 web/serve.py [--port 8000] [--dir web/dist] [--no-isolation]

`--no-isolation` leaves the COOP/COEP headers out, as a plain static host would; the page's
service worker then adds them and the page reloads once.
"""

import argparse
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the isolation headers, no caching, and the right wasm type."""

    isolation = True

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".tsv": "text/tab-separated-values; charset=utf-8",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if os.environ.get("XIANGQI_SERVE_LOG"):
            super().log_message(format, *args)


def main():
    # The docstring's first paragraph, whole: the description is one sentence.
    description = " ".join(__doc__.split("\n\n")[0].split())
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", "8000")),
        help="the port on 127.0.0.1 (default: $PORT, else 8000; 0 picks a free one)",
    )
    parser.add_argument(
        "--dir", default=os.path.join(os.path.dirname(__file__), "dist"),
        help="the built site (default: web/dist, made by `make web-build`)",
    )
    parser.add_argument(
        "--no-isolation", action="store_true",
        help="leave out the COOP/COEP headers, as a plain static host would (the page's service "
        "worker then adds them and the page reloads once)",
    )
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"{args.dir} has no index.html: run `make web-build` first")
    Handler.isolation = not args.no_isolation
    handler = functools.partial(Handler, directory=args.dir)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"Serving the play page at http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
