"""Tests for client_credentials.py against a local fake OAuth server.

Run from the repository root:
    python3 -m unittest discover -s samples -p 'test_*.py'
"""

from __future__ import annotations

import base64
import json
import sys
import threading
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_credentials import SANDBOX_AUTH_BASE, TokenClient, TokenError  # noqa: E402

CLIENT_ID = "sandbox-client-7c41"
CLIENT_SECRET = "s3cr3t:with/odd+chars"
SCOPE = "partner:outlet:read food:order:read"


class FakeTokenServer(ThreadingHTTPServer):
    """Checks what a client credentials request must carry and issues numbered tokens."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), FakeTokenHandler)
        self.requests: list[dict] = []
        self.mode = "ok"
        self.issued = 0


class FakeTokenHandler(BaseHTTPRequestHandler):
    server: FakeTokenServer

    def log_message(self, format: str, *args: object) -> None:  # keep the test output quiet
        pass

    def _send(self, status: int, payload: dict) -> None:
        body = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode("utf-8")
        self.server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
        form = dict(urllib.parse.parse_qsl(body))

        credentials = f"{urllib.parse.quote(CLIENT_ID, safe='')}:{urllib.parse.quote(CLIENT_SECRET, safe='')}"
        expected = "Basic " + base64.b64encode(credentials.encode("utf-8")).decode("ascii")
        if self.path != "/oauth2/token":
            return self._send(404, {"error": "not_found"})
        if self.headers.get("Content-Type") != "application/x-www-form-urlencoded":
            return self._send(415, {"error": "invalid_request"})
        if self.server.mode == "unauthorized" or self.headers.get("Authorization") != expected:
            return self._send(401, {"error": "invalid_client", "error_description": "Client authentication failed."})
        if form.get("grant_type") != "client_credentials" or not form.get("scope"):
            return self._send(400, {"error": "invalid_request"})
        self.server.issued += 1
        return self._send(
            200,
            {
                "access_token": f"token-{self.server.issued}",
                "token_type": "Bearer",
                "expires_in": 3600,
                "scope": form["scope"],
            },
        )


class TokenClientTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = FakeTokenServer()
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.base = f"http://{host}:{port}"
        self.now = 1772424000.0

    def tearDown(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def make_client(self, **extra: object) -> TokenClient:
        options: dict = {
            "env": {"GERAI_CLIENT_ID": CLIENT_ID, "GERAI_CLIENT_SECRET": CLIENT_SECRET, "GERAI_AUTH_BASE": self.base},
            "scope": SCOPE,
            "clock": lambda: self.now,
        }
        options.update(extra)
        return TokenClient(**options)

    def test_sends_basic_auth_and_a_form_body(self) -> None:
        self.assertEqual(self.make_client().get_access_token(), "token-1")
        (request,) = self.server.requests
        self.assertEqual(request["path"], "/oauth2/token")
        self.assertEqual(
            dict(urllib.parse.parse_qsl(request["body"])),
            {"grant_type": "client_credentials", "scope": SCOPE},
        )

    def test_two_calls_make_one_request(self) -> None:
        client = self.make_client()
        self.assertEqual(client.get_access_token(), "token-1")
        self.assertEqual(client.get_access_token(), "token-1")
        self.assertEqual(len(self.server.requests), 1)

    def test_renews_60_seconds_before_expiry(self) -> None:
        client = self.make_client()
        client.get_access_token()
        self.now += 3600 - 61  # 61 s left: still cached
        self.assertEqual(client.get_access_token(), "token-1")
        self.assertEqual(len(self.server.requests), 1)
        self.now += 2  # 59 s left: renew
        self.assertEqual(client.get_access_token(), "token-2")
        self.assertEqual(len(self.server.requests), 2)
        self.assertEqual(client.authorization_header(), "Bearer token-2")

    def test_clear_forces_a_new_token(self) -> None:
        client = self.make_client()
        client.get_access_token()
        client.clear()
        self.assertEqual(client.get_access_token(), "token-2")

    def test_a_401_gives_a_clear_error(self) -> None:
        self.server.mode = "unauthorized"
        with self.assertRaises(TokenError) as caught:
            self.make_client().get_access_token()
        self.assertEqual(caught.exception.status, 401)
        self.assertEqual(caught.exception.code, "invalid_client")
        self.assertIn("HTTP 401 invalid_client", str(caught.exception))
        self.assertIn("GERAI_CLIENT_ID and GERAI_CLIENT_SECRET", str(caught.exception))

    def test_wrong_credentials_are_reported(self) -> None:
        with self.assertRaisesRegex(TokenError, "HTTP 401"):
            self.make_client(client_secret="not-the-secret").get_access_token()


class ConfigurationTest(unittest.TestCase):
    def test_missing_credentials_give_a_clear_error(self) -> None:
        with self.assertRaisesRegex(ValueError, "GERAI_CLIENT_ID and GERAI_CLIENT_SECRET are not set"):
            TokenClient(scope=SCOPE, env={})

    def test_a_missing_secret_alone_is_named(self) -> None:
        with self.assertRaisesRegex(ValueError, "^GERAI_CLIENT_SECRET is not set"):
            TokenClient(scope=SCOPE, env={"GERAI_CLIENT_ID": CLIENT_ID})

    def test_a_missing_scope_gives_a_clear_error(self) -> None:
        with self.assertRaisesRegex(ValueError, "No scope given"):
            TokenClient(env={"GERAI_CLIENT_ID": CLIENT_ID, "GERAI_CLIENT_SECRET": CLIENT_SECRET})

    def test_sandbox_is_the_default_and_scopes_come_from_the_environment(self) -> None:
        client = TokenClient(
            env={
                "GERAI_CLIENT_ID": CLIENT_ID,
                "GERAI_CLIENT_SECRET": CLIENT_SECRET,
                "GERAI_SCOPES": "payment:transaction:read",
            }
        )
        self.assertEqual(client.token_url, f"{SANDBOX_AUTH_BASE}/oauth2/token")
        self.assertEqual(client.scope, "payment:transaction:read")


if __name__ == "__main__":
    unittest.main()
