"""A minimal webhook receiver on http.server (Python 3.11 or later, standard library only).

    GERAI_WEBHOOK_SECRET=... PORT=8080 python3 receiver.py

It reads the raw body, verifies X-Gerai-Signature with verify_signature.py,
drops duplicates on header.event_id, answers 200 at once and processes the
event afterwards, on a worker thread. Put it behind your HTTPS terminator:
Gerai delivers to HTTPS URLs only.
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from verify_signature import verify_signature  # noqa: E402

MAX_BODY_BYTES = 1024 * 1024

Event = dict


class SeenEvents:
    """Remembers the event ids seen recently.

    In production keep them in your database (a unique key on event_id), so
    that every instance of your service and every restart shares them.
    """

    def __init__(self, limit: int = 10_000) -> None:
        self.limit = limit
        self._ids: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, event_id: str) -> bool:
        """Return True the first time an id is offered, False afterwards."""
        with self._lock:
            if event_id in self._ids:
                return False
            self._ids[event_id] = None
            if len(self._ids) > self.limit:
                self._ids.popitem(last=False)
            return True


def make_receiver(
    secret: str,
    on_event: Callable[[Event], None],
    path: str = "/webhooks/gerai",
    now: Callable[[], float] = time.time,
    host: str = "",
    port: int = 8080,
) -> ThreadingHTTPServer:
    """Return a server that receives Gerai deliveries on ``path``.

    ``on_event`` is called once per new event, after the 200 has been sent,
    on a worker thread. ``now`` is the clock the signature's timestamp is
    checked against. Call ``serve_forever()`` on the result, and
    ``shutdown()`` to stop it.
    """
    if not secret:
        raise ValueError("make_receiver needs the subscription secret")
    seen = SeenEvents()
    work: queue.Queue[Event] = queue.Queue()

    def worker() -> None:
        while True:
            event = work.get()
            try:
                on_event(event)
            except Exception as error:  # noqa: BLE001 - a failed event must not stop the worker
                print(f"processing an event failed: {error!r}", file=sys.stderr)

    threading.Thread(target=worker, name="gerai-events", daemon=True).start()

    class Handler(BaseHTTPRequestHandler):
        def reply(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def not_found(self) -> None:
            self.reply(404, {"error": "not_found"})

        do_GET = do_PUT = do_PATCH = do_DELETE = not_found  # noqa: N815 - the names http.server calls

        def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
            if self.path != path:
                return self.not_found()
            length = self.headers.get("Content-Length")
            if length is None or not length.isdigit():
                return self.reply(411, {"error": "length_required"})
            if int(length) > MAX_BODY_BYTES:
                self.close_connection = True
                return self.reply(413, {"error": "body_too_large"})
            raw_body = self.rfile.read(int(length))

            valid, reason = verify_signature(
                raw_body,
                self.headers.get("X-Gerai-Signature", ""),
                secret,
                now=now(),
            )
            if not valid:
                print(f"refused a delivery: {reason}", file=sys.stderr)
                return self.reply(401, {"error": reason})

            try:
                event = json.loads(raw_body)
            except ValueError:
                return self.reply(400, {"error": "invalid_json"})
            header = event.get("header") if isinstance(event, dict) else None
            event_id = (header if isinstance(header, dict) else {}).get("event_id")
            event_id = event_id or self.headers.get("X-Gerai-Event-Id")
            if not event_id:
                return self.reply(400, {"error": "missing_event_id"})

            # A duplicate is answered 200 as well: it was handled before, and a
            # non-2xx answer would only make Gerai try again.
            is_new = seen.add(event_id)
            self.reply(200, {"received": True})
            if is_new:
                # Process after answering. A real service puts the event on a durable queue here.
                work.put(event)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's name
            # Refusals are logged above; one line per request would bury them.
            pass

    return ThreadingHTTPServer((host, port), Handler)


def main() -> int:
    secret = os.environ.get("GERAI_WEBHOOK_SECRET")
    if not secret:
        print("Set GERAI_WEBHOOK_SECRET to the secret of your notification subscription.", file=sys.stderr)
        return 1

    def on_event(event: Event) -> None:
        header, body = event["header"], event.get("body") or {}
        order_id = (body.get("order") or {}).get("id", "")
        print(header.get("timestamp"), header.get("event_name"), header.get("event_id"), order_id, flush=True)

    server = make_receiver(secret, on_event, port=int(os.environ.get("PORT", "8080")))
    # PORT=0 picks a free port; the line below names the one in use.
    print(f"listening on http://localhost:{server.server_address[1]}/webhooks/gerai", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
