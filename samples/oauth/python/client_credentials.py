"""A small OAuth 2.0 client credentials token client for Gerai.

Python 3.11 or later, standard library only.

    GERAI_CLIENT_ID=... GERAI_CLIENT_SECRET=... \\
    python3 client_credentials.py "partner:outlet:read food:order:read"

It posts to ``{GERAI_AUTH_BASE}/oauth2/token`` with HTTP Basic client
authentication, caches the access token and fetches a new one
``RENEW_BEFORE_SECONDS`` before the current one expires.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

SANDBOX_AUTH_BASE = "https://auth.sandbox.gerai.example"

# Fetch a new token when the cached one has less than this many seconds left.
RENEW_BEFORE_SECONDS = 60


class TokenError(Exception):
    """An answer from the OAuth server that is not a usable token."""

    def __init__(self, message: str, status: int | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@dataclass(frozen=True)
class CachedToken:
    access_token: str
    expires_at: float
    scope: str


def _form_encode(value: str) -> str:
    # RFC 6749, section 2.3.1: the client id and secret are form-encoded
    # before they are joined with ":" and base64-encoded.
    return urllib.parse.quote(value, safe="")


class TokenClient:
    """Fetches and caches a client credentials access token."""

    def __init__(
        self,
        scope: str | Iterable[str] | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        auth_base: str | None = None,
        renew_before_seconds: float = RENEW_BEFORE_SECONDS,
        timeout_seconds: float = 10,
        env: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        env = os.environ if env is None else env
        self.client_id = client_id or env.get("GERAI_CLIENT_ID", "")
        self.client_secret = client_secret or env.get("GERAI_CLIENT_SECRET", "")
        missing = [
            name
            for name, value in (
                ("GERAI_CLIENT_ID", self.client_id),
                ("GERAI_CLIENT_SECRET", self.client_secret),
            )
            if not value
        ]
        if missing:
            verb = "are" if len(missing) > 1 else "is"
            raise ValueError(
                f"{' and '.join(missing)} {verb} not set: export the client id and secret of "
                "your Gerai app (sandbox credentials for the sandbox) before you request a token."
            )

        scopes = scope if scope is not None else env.get("GERAI_SCOPES", "")
        words = scopes.split() if isinstance(scopes, str) else list(scopes)
        self.scope = " ".join(word for word in words if word)
        if not self.scope:
            raise ValueError('No scope given: pass scope (for example "food:order:read") or set GERAI_SCOPES.')

        base = auth_base or env.get("GERAI_AUTH_BASE") or SANDBOX_AUTH_BASE
        self.token_url = base.rstrip("/") + "/oauth2/token"
        self.renew_before_seconds = renew_before_seconds
        self.timeout_seconds = timeout_seconds
        self.clock = clock
        self.cached: CachedToken | None = None
        self._lock = threading.Lock()

    def get_access_token(self) -> str:
        """A valid access token, from the cache when it has more than ``renew_before_seconds`` left."""
        # The lock makes threads that ask at the same time share one request.
        with self._lock:
            if self.cached is None or self.clock() >= self.cached.expires_at - self.renew_before_seconds:
                self.cached = self._request_token()
            return self.cached.access_token

    def authorization_header(self) -> str:
        """The value for the Authorization header of an API call."""
        return f"Bearer {self.get_access_token()}"

    def clear(self) -> None:
        """Forget the cached token, for example after an API call answered 401."""
        with self._lock:
            self.cached = None

    def _request_token(self) -> CachedToken:
        credentials = f"{_form_encode(self.client_id)}:{_form_encode(self.client_secret)}"
        basic = base64.b64encode(credentials.encode("utf-8")).decode("ascii")
        data = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": self.scope}).encode("ascii")
        request = urllib.request.Request(
            self.token_url,
            data=data,
            method="POST",
            headers={
                "Authorization": f"Basic {basic}",
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_seconds) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8", "replace")
        except (urllib.error.URLError, TimeoutError) as error:
            raise TokenError(f"Could not reach {self.token_url}: {error}") from error

        try:
            payload = json.loads(text)
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            payload = {}

        if not 200 <= status < 300:
            code = payload.get("error")
            detail = f": {payload['error_description']}" if payload.get("error_description") else ""
            hint = ""
            if status == 401 or code == "invalid_client":
                hint = (
                    " Check GERAI_CLIENT_ID and GERAI_CLIENT_SECRET, and that they belong to this "
                    f"environment ({self.token_url})."
                )
            elif code == "invalid_scope":
                hint = f" Ask only for scopes your app has been granted (asked for: {self.scope})."
            name = f" {code}" if code else ""
            raise TokenError(f"The token request failed with HTTP {status}{name}{detail}.{hint}", status, code)

        access_token = payload.get("access_token")
        expires_in = payload.get("expires_in")
        if not isinstance(access_token, str) or not isinstance(expires_in, (int, float)):
            raise TokenError(
                f"The token endpoint answered HTTP {status} without an access_token and expires_in.", status
            )
        return CachedToken(
            access_token=access_token,
            expires_at=self.clock() + expires_in,
            scope=payload.get("scope") or self.scope,
        )


def main(argv: list[str]) -> int:
    """Print the granted scopes and the expiry, never the token."""
    try:
        client = TokenClient(scope=argv[1] if len(argv) > 1 else None)
        client.get_access_token()
    except (ValueError, TokenError) as error:
        print(error, file=sys.stderr)
        return 1
    assert client.cached is not None
    seconds = round(client.cached.expires_at - time.time())
    print(f'Got a token from {client.token_url} for "{client.cached.scope}", valid for {seconds} s.')
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
