"""Tests for receiver.py, driven by ../test-vectors.json.

Run from the repository root:
    python3 -m unittest discover -s samples -p 'test_*.py'
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from receiver import MAX_BODY_BYTES, make_receiver  # noqa: E402

VECTORS = json.loads((HERE.parent / "test-vectors.json").read_text(encoding="utf-8"))


def find(name: str) -> dict:
    return next(vector for vector in VECTORS["cases"] if vector["name"] == name)


class ReceiverTest(unittest.TestCase):
    """receiver.py with its clock at the vectors' ``now``."""

    def setUp(self) -> None:
        self.events: list[dict] = []
        self.processed = threading.Event()

        def on_event(event: dict) -> None:
            self.events.append(event)
            self.processed.set()

        self.server = make_receiver(VECTORS["secret"], on_event, now=lambda: VECTORS["now"], host="127.0.0.1", port=0)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)

    def post(self, body: str | bytes, signature: str | None, path: str = "/webhooks/gerai") -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.server_address[1], timeout=5)
        headers = {"Content-Type": "application/json"}
        if signature is not None:
            headers["X-Gerai-Signature"] = signature
        data = body.encode("utf-8") if isinstance(body, str) else body
        try:
            connection.request("POST", path, body=data, headers=headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def test_a_valid_delivery_is_answered_200_and_processed_once(self) -> None:
        valid = find("valid")
        self.assertEqual(self.post(VECTORS["body"], valid["header"]), (200, {"received": True}))
        self.assertTrue(self.processed.wait(5))
        # The duplicate is answered 200 too, and not processed again.
        self.assertEqual(self.post(VECTORS["body"], valid["header"]), (200, {"received": True}))
        time.sleep(0.05)
        self.assertEqual(len(self.events), 1)
        self.assertEqual(self.events[0]["header"]["event_name"], "food.order.merchant_accepted")

    def test_each_refused_vector_is_answered_401_with_its_reason(self) -> None:
        for name in ("tampered_body", "wrong_secret", "stale_timestamp", "future_timestamp", "missing_v1"):
            vector = find(name)
            with self.subTest(name):
                status, answer = self.post(vector.get("body", VECTORS["body"]), vector["header"])
                self.assertEqual((status, answer), (401, {"error": vector["expected"]["reason"]}))
        self.assertEqual(self.post(VECTORS["body"], None), (401, {"error": "malformed_header"}))
        time.sleep(0.05)
        self.assertEqual(self.events, [])

    def test_another_path_is_not_found(self) -> None:
        self.assertEqual(self.post(VECTORS["body"], find("valid")["header"], "/other"), (404, {"error": "not_found"}))

    def test_a_body_over_the_limit_is_refused_unread(self) -> None:
        # Only the headers are sent: the answer comes before any of the body is read.
        connection = http.client.HTTPConnection("127.0.0.1", self.server.server_address[1], timeout=5)
        try:
            connection.putrequest("POST", "/webhooks/gerai")
            connection.putheader("Content-Length", str(MAX_BODY_BYTES + 1))
            connection.putheader("X-Gerai-Signature", find("valid")["header"])
            connection.endheaders()
            response = connection.getresponse()
            self.assertEqual((response.status, json.loads(response.read())), (413, {"error": "body_too_large"}))
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
