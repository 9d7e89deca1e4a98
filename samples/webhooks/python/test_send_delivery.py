"""Tests for send_delivery.py against both sample receivers.

receiver.py runs in this process and ../node/receiver.mjs as a program; each
must accept a fresh delivery and refuse a stale one and a tampered one.

Run from the repository root:
    python3 -m unittest discover -s samples -p 'test_*.py'
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from receiver import make_receiver  # noqa: E402
from send_delivery import (  # noqa: E402
    STALE_SECONDS,
    DeliveryError,
    main,
    send_delivery,
    tamper,
)
from verify_signature import verify_signature  # noqa: E402

VECTORS = json.loads((HERE.parent / "test-vectors.json").read_text(encoding="utf-8"))
SECRET = "gws_sandbox_sender_test_secret"
# The example of food.order.merchant_accepted, as the portal publishes it.
EXAMPLE = VECTORS["body"].encode("utf-8")


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Run the command line; return its exit status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args, env or {})
    return status, out.getvalue(), err.getvalue()


def serve(server: ThreadingHTTPServer, test: unittest.TestCase) -> str:
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    test.addCleanup(server.server_close)
    test.addCleanup(server.shutdown)
    return f"http://127.0.0.1:{server.server_address[1]}"


class TamperTest(unittest.TestCase):
    def test_changes_exactly_one_byte_and_keeps_the_json_valid(self) -> None:
        changed = tamper(EXAMPLE)
        self.assertEqual(len(changed), len(EXAMPLE))
        self.assertEqual(sum(1 for a, b in zip(changed, EXAMPLE) if a != b), 1)
        json.loads(changed)

    def test_the_same_byte_as_the_node_sender(self) -> None:
        # Both samples change the last digit: 9 becomes 0.
        self.assertEqual(tamper(b'{"a":[1,9]}'), b'{"a":[1,0]}')
        self.assertEqual(tamper(b'{"header":{"event_id":"abc"}}'), b'{"header":{"event_id":"abC"}}')


class SenderAgainstReceivers:
    """The tests every receiver must pass; subclasses start one."""

    url: str
    events: list[dict] | None = None

    def test_a_fresh_delivery_is_accepted(self) -> None:
        result = send_delivery(self.url, EXAMPLE, SECRET)
        self.assertEqual((result.status, json.loads(result.answer)), (200, {"received": True}))
        self.assertEqual(verify_signature(EXAMPLE, result.headers["X-Gerai-Signature"], SECRET), (True, "ok"))
        self.assertEqual(result.headers["X-Gerai-Event-Id"], json.loads(EXAMPLE)["header"]["event_id"])

    def test_a_stale_delivery_is_refused(self) -> None:
        result = send_delivery(self.url, EXAMPLE, SECRET, stale=True)
        self.assertEqual((result.status, json.loads(result.answer)), (401, {"error": "timestamp_out_of_tolerance"}))
        self.assertLess(abs(time.time() - STALE_SECONDS - result.timestamp), 5)

    def test_a_tampered_delivery_is_refused(self) -> None:
        result = send_delivery(self.url, EXAMPLE, SECRET, tampered=True)
        self.assertEqual((result.status, json.loads(result.answer)), (401, {"error": "signature_mismatch"}))

    def test_the_command_line_says_each_answer_was_the_right_one(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            file = os.path.join(folder, "event.json")
            Path(file).write_bytes(EXAMPLE)
            env = {"GERAI_WEBHOOK_SECRET": SECRET}
            status, out, err = run(["--file", file, "--url", self.url], env)
            self.assertEqual(status, 0, err)
            self.assertIn("OK: The receiver accepted the fresh delivery (200), as it should.", out)
            status, out, err = run(["--file", file, "--url", self.url, "--stale"], env)
            self.assertEqual(status, 0, err)
            self.assertIn("OK: The receiver refused the stale delivery (401), as it should.", out)
            status, out, err = run(["--file", file, "--url", self.url, "--tamper", "--secret", SECRET])
            self.assertEqual(status, 0, err)
            self.assertIn("one byte changed after signing", out)
            self.assertIn("OK: The receiver refused the tampered delivery (401), as it should.", out)


class PythonReceiverTest(SenderAgainstReceivers, unittest.TestCase):
    def setUp(self) -> None:
        self.events = []
        server = make_receiver(SECRET, self.events.append, host="127.0.0.1", port=0)
        self.url = serve(server, self) + "/webhooks/gerai"


class NodeReceiverTest(SenderAgainstReceivers, unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.process = subprocess.Popen(
            ["node", str(HERE.parent / "node" / "receiver.mjs")],
            env={**os.environ, "GERAI_WEBHOOK_SECRET": SECRET, "PORT": "0"},
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = cls.process.stdout.readline() if cls.process.stdout else ""
        match = re.search(r"listening on http://localhost:(\d+)/", line)
        if match is None:
            cls.process.kill()
            raise RuntimeError(f"receiver.mjs did not start: {line!r}")
        cls.url = f"http://127.0.0.1:{match.group(1)}/webhooks/gerai"

    @classmethod
    def tearDownClass(cls) -> None:
        cls.process.kill()
        cls.process.wait()
        if cls.process.stdout:
            cls.process.stdout.close()


class CarelessReceiverTest(unittest.TestCase):
    """A receiver that answers 200 to anything."""

    def setUp(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.url = serve(ThreadingHTTPServer(("127.0.0.1", 0), Handler), self) + "/webhooks/gerai"

    def test_a_stale_or_tampered_delivery_it_accepted_is_reported(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            file = os.path.join(folder, "event.json")
            Path(file).write_bytes(EXAMPLE)
            status, _, err = run(["--file", file, "--url", self.url, "--stale", "--secret", SECRET])
            self.assertEqual(status, 1)
            self.assertIn("PROBLEM: The receiver accepted a delivery signed 10 minutes ago", err)
            status, _, err = run(["--file", file, "--url", self.url, "--tamper", "--secret", SECRET])
            self.assertEqual(status, 1)
            self.assertIn("PROBLEM: The receiver accepted a body changed after signing", err)


class PortalExampleTest(unittest.TestCase):
    """--event downloads the example from the portal, at /webhooks/<event name>.json."""

    def setUp(self) -> None:
        class Portal(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                found = self.path == "/webhooks/food.order.merchant_accepted.json"
                self.send_response(200 if found else 404)
                self.send_header("Content-Length", str(len(EXAMPLE) if found else 0))
                self.end_headers()
                if found:
                    self.wfile.write(EXAMPLE)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.portal = serve(ThreadingHTTPServer(("127.0.0.1", 0), Portal), self)
        self.events: list[dict] = []
        self.processed = threading.Event()

        def on_event(event: dict) -> None:
            self.events.append(event)
            self.processed.set()

        receiver = make_receiver(SECRET, on_event, host="127.0.0.1", port=0)
        self.url = serve(receiver, self) + "/webhooks/gerai"

    def test_downloads_the_example_and_delivers_it_byte_for_byte(self) -> None:
        args = ["--event", "food.order.merchant_accepted", "--url", self.url]
        status, out, err = run(args, {"GERAI_PORTAL_URL": self.portal, "GERAI_WEBHOOK_SECRET": SECRET})
        self.assertEqual(status, 0, err)
        self.assertIn(f"{len(EXAMPLE)} bytes of food.order.merchant_accepted", out)
        self.assertTrue(self.processed.wait(5))
        self.assertEqual(self.events, [json.loads(EXAMPLE)])

    def test_an_unknown_event_is_named_and_nothing_is_sent(self) -> None:
        status, _, err = run(["--event", "food.order.eaten", "--portal", self.portal, "--secret", SECRET])
        self.assertEqual(status, 2)
        self.assertIn("food.order.eaten.json does not exist: is food.order.eaten an event", err)
        self.assertEqual(self.events, [])


class RefusalsTest(unittest.TestCase):
    """What cannot be sent is named, with exit status 2."""

    def test_no_secret(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            file = os.path.join(folder, "event.json")
            Path(file).write_bytes(EXAMPLE)
            status, _, err = run(["--file", file])
        self.assertEqual(status, 2)
        self.assertIn("No secret: set GERAI_WEBHOOK_SECRET or pass --secret", err)

    def test_a_file_that_is_not_an_event(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            not_json = os.path.join(folder, "notes.txt")
            Path(not_json).write_text("order total: 88000", encoding="utf-8")
            no_id = os.path.join(folder, "no-id.json")
            Path(no_id).write_text('{"body": {}}', encoding="utf-8")
            self.assertIn("notes.txt is not JSON", run(["--file", not_json, "--secret", SECRET])[2])
            self.assertIn("no-id.json has no header.event_id", run(["--file", no_id, "--secret", SECRET])[2])
            self.assertIn("gone.json: no such file", run(["--file", os.path.join(folder, "gone.json")])[2])

    def test_neither_or_both_sources_or_a_bad_address(self) -> None:
        self.assertEqual(run([])[0], 2)
        self.assertEqual(run(["--event", "a.b", "--file", "x.json"])[0], 2)
        with self.assertRaisesRegex(DeliveryError, "is not an http:// or https:// address"):
            send_delivery("localhost:8080/webhooks", EXAMPLE, SECRET)

    def test_a_receiver_that_is_not_running(self) -> None:
        server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
        port = server.server_address[1]
        server.server_close()
        with self.assertRaisesRegex(DeliveryError, r"connection refused\. Is your receiver running\?"):
            send_delivery(f"http://127.0.0.1:{port}/webhooks/gerai", EXAMPLE, SECRET)


if __name__ == "__main__":
    unittest.main()
