"""Send a signed Gerai webhook delivery to your receiver, to test it before Gerai does.

Python 3.11 or later, standard library only.

    GERAI_WEBHOOK_SECRET=... python3 send_delivery.py --event food.order.placed
    GERAI_WEBHOOK_SECRET=... python3 send_delivery.py --file my-event.json --url https://localhost:8443/hooks

It posts the event as Gerai does (Content-Type, X-Gerai-Event-Id and
X-Gerai-Signature over the exact bytes sent), then says whether your receiver
answered as it should: 2xx for a fresh delivery, a refusal for a ``--stale``
one (signed 10 minutes ago) or a ``--tamper``-ed one (one byte of the body
changed after signing). Exit status: 0 when it did, 1 when it did not, 2 when
nothing could be sent.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from verify_signature import DEFAULT_TOLERANCE_SECONDS, compute_signature  # noqa: E402

# Where the sample receivers listen by default (receiver.mjs, receiver.py).
DEFAULT_RECEIVER_URL = "http://localhost:8080/webhooks/gerai"

# The developer portal, which publishes each event's example at /webhooks/<event name>.json.
DEFAULT_PORTAL_URL = "https://developer.gerai.example"

# How old a --stale delivery is: twice the 5 minutes a receiver accepts.
STALE_SECONDS = 2 * DEFAULT_TOLERANCE_SECONDS

# Gerai waits this long for an answer before it counts the attempt as failed.
TIMEOUT_SECONDS = 15

_EVENT_NAME = re.compile(r"[a-z]+(?:\.[a-z_]+)+")


class DeliveryError(Exception):
    """A delivery that cannot be sent; the message says why and what to do."""


@dataclass(frozen=True)
class Result:
    event_name: str
    event_id: str
    timestamp: int
    headers: dict[str, str]
    # None when no answer came within the timeout.
    status: int | None
    reason: str
    answer: str
    ms: int


def signature_header(raw_body: bytes, secret: str, timestamp: int) -> str:
    """The value of X-Gerai-Signature for these bytes, signed at ``timestamp`` (Unix seconds)."""
    return f"t={timestamp},v1={compute_signature(raw_body, timestamp, secret)}"


def tamper(raw_body: bytes) -> bytes:
    """The body with one byte changed, as an attacker might change it.

    The last digit becomes the next one (9 becomes 0), or, in a body without
    digits, the last letter changes case. The JSON stays valid, so a receiver
    that refuses it can only do so on its signature.
    """
    changed = bytearray(raw_body)
    for at in range(len(changed) - 1, -1, -1):
        if 0x30 <= changed[at] <= 0x39:
            changed[at] = 0x30 if changed[at] == 0x39 else changed[at] + 1
            return bytes(changed)
    for at in range(len(changed) - 1, -1, -1):
        if 0x61 <= (changed[at] | 0x20) <= 0x7A:
            changed[at] ^= 0x20
            return bytes(changed)
    raise DeliveryError("The body has no digit or letter to change.")


def describe_event(raw_body: bytes, source: str) -> tuple[str, str]:
    """Return ``(event_id, event_name)`` of a body of the form {"header": {...}, "body": {...}}."""
    try:
        event = json.loads(raw_body)
    except ValueError as error:
        raise DeliveryError(f"{source} is not JSON: {error}") from None
    header = event.get("header") if isinstance(event, dict) else None
    event_id = header.get("event_id") if isinstance(header, dict) else None
    if not isinstance(event_id, str) or not event_id:
        raise DeliveryError(
            f'{source} has no header.event_id. A Gerai event is {{"header": {{"event_id": ..., '
            '"event_name": ..., "version": ..., "timestamp": ...}, "body": {...}}.'
        )
    name = header.get("event_name")
    return event_id, name if isinstance(name, str) else "event"


def read_event_file(file: str) -> bytes:
    """The bytes of a JSON file, exactly as they are on disk: they are what gets signed."""
    try:
        return Path(file).read_bytes()
    except FileNotFoundError:
        raise DeliveryError(f"Cannot read {file}: no such file.") from None
    except OSError as error:
        raise DeliveryError(f"Cannot read {file}: {error.strerror}.") from None


def fetch_example(event_name: str, portal_url: str = DEFAULT_PORTAL_URL) -> bytes:
    """The example of an event as the portal publishes it, byte for byte."""
    if not _EVENT_NAME.fullmatch(event_name):
        raise DeliveryError(f'"{event_name}" is not an event name; they look like food.order.placed.')
    url = urllib.parse.urljoin(portal_url, f"/webhooks/{event_name}.json")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise DeliveryError(f"{url} does not exist: is {event_name} an event of the event list?") from None
        raise DeliveryError(f"Downloading {url} failed: {error.code} {error.reason}.") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise DeliveryError(f"Cannot download the example from {url}: {reason}.") from None


def send_delivery(
    url: str,
    raw_body: bytes,
    secret: str | None,
    now: float | None = None,
    stale: bool = False,
    tampered: bool = False,
    timeout: float = TIMEOUT_SECONDS,
) -> Result:
    """Post one delivery and return the answer. Redirects are not followed, as Gerai does not."""
    if not secret:
        raise DeliveryError(
            "No secret: set GERAI_WEBHOOK_SECRET or pass --secret, with the secret your receiver verifies with."
        )
    target = urllib.parse.urlsplit(url)
    if target.scheme not in ("http", "https") or not target.hostname:
        raise DeliveryError(f'"{url}" is not an http:// or https:// address, such as {DEFAULT_RECEIVER_URL}.')
    event_id, event_name = describe_event(raw_body, "The event")
    timestamp = int(time.time() if now is None else now) - (STALE_SECONDS if stale else 0)
    headers = {
        "Content-Type": "application/json",
        "X-Gerai-Event-Id": event_id,
        "X-Gerai-Signature": signature_header(raw_body, secret, timestamp),
    }
    sent = tamper(raw_body) if tampered else raw_body

    if target.scheme == "https":
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            target.hostname, target.port, timeout=timeout, context=ssl.create_default_context()
        )
    else:
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=timeout)
    path = target.path or "/"
    if target.query:
        path += "?" + target.query
    started = time.monotonic()
    try:
        connection.request("POST", path, body=sent, headers=headers)
        response = connection.getresponse()
        answer = response.read().decode("utf-8", errors="replace")
    except TimeoutError:
        return Result(event_name, event_id, timestamp, headers, None, "", "", int(timeout * 1000))
    except ConnectionRefusedError:
        raise DeliveryError(f"Cannot reach {url}: connection refused. Is your receiver running?") from None
    except (OSError, http.client.HTTPException) as error:
        reason = getattr(error, "strerror", None) or error
        raise DeliveryError(f"Cannot reach {url}: {reason}. Is your receiver running?") from None
    finally:
        connection.close()
    ms = round((time.monotonic() - started) * 1000)
    return Result(event_name, event_id, timestamp, headers, response.status, response.reason, answer, ms)


def judge(status: int | None, stale: bool = False, tampered: bool = False) -> tuple[bool, str]:
    """Return ``(as_expected, message)``: whether the receiver answered as a correct one does."""
    should_refuse = stale or tampered
    what = " and ".join(word for word, on in (("stale", stale), ("tampered", tampered)) if on) or "fresh"
    if status is None:
        return False, (
            f"No answer within {TIMEOUT_SECONDS} seconds: Gerai counts that as a failed attempt. "
            "Answer first, then process."
        )
    accepted = 200 <= status < 300
    if 300 <= status < 400:
        return False, (
            f"A redirect ({status}): Gerai does not follow redirects, so this attempt would fail. "
            "Subscribe the final URL."
        )
    if should_refuse:
        if not accepted:
            return True, f"The receiver refused the {what} delivery ({status}), as it should."
        if stale:
            return False, (
                f"The receiver accepted a delivery signed {STALE_SECONDS // 60} minutes ago. "
                "Refuse a t more than 5 minutes from your clock."
            )
        return False, (
            "The receiver accepted a body changed after signing. "
            "Verify the signature on the raw body before anything else."
        )
    if accepted:
        return True, f"The receiver accepted the {what} delivery ({status}), as it should."
    return False, (
        f"The receiver refused a correctly signed delivery ({status}). Check that it verifies the raw "
        "body with the secret this delivery was signed with."
    )


def main(argv: list[str], env: dict[str, str] | None = None) -> int:
    """The command line. Returns the exit status."""
    env = dict(os.environ) if env is None else env
    parser = argparse.ArgumentParser(
        prog="send_delivery.py",
        description="Send a signed Gerai webhook delivery to your receiver.",
        epilog="Exit status: 0 when the receiver answered as it should, 1 when it did not, "
        "2 when nothing was sent.",
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--event", help="the example of an event, from the developer portal (food.order.placed)")
    source.add_argument("--file", help="a JSON file, sent byte for byte")
    parser.add_argument("--url", default=DEFAULT_RECEIVER_URL, help=f"the receiver (default {DEFAULT_RECEIVER_URL})")
    parser.add_argument("--secret", help="the secret to sign with (default: GERAI_WEBHOOK_SECRET)")
    parser.add_argument(
        "--stale", action="store_true", help=f"sign as of {STALE_SECONDS // 60} minutes ago: a receiver must refuse it"
    )
    parser.add_argument(
        "--tamper", action="store_true", help="change one byte of the body after signing: a receiver must refuse it"
    )
    parser.add_argument(
        "--portal", help=f"where to download examples (default: GERAI_PORTAL_URL, else {DEFAULT_PORTAL_URL})"
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        # argparse has printed the problem and the usage; 2 is "nothing was sent".
        return 0 if exit_.code == 0 else 2

    try:
        if args.file is not None:
            raw_body = read_event_file(args.file)
        else:
            raw_body = fetch_example(args.event, args.portal or env.get("GERAI_PORTAL_URL") or DEFAULT_PORTAL_URL)
        describe_event(raw_body, args.file or f"The example of {args.event}")
        result = send_delivery(
            args.url,
            raw_body,
            args.secret or env.get("GERAI_WEBHOOK_SECRET"),
            stale=args.stale,
            tampered=args.tamper,
        )
    except DeliveryError as error:
        print(error, file=sys.stderr)
        return 2

    print(f"POST {args.url}")
    for name, value in result.headers.items():
        print(f"  {name}: {value}")
    detail = f"  {len(raw_body)} bytes of {result.event_name}"
    if args.stale:
        detail += f", signed {STALE_SECONDS} seconds ago"
    if args.tamper:
        detail += ", one byte changed after signing"
    print(detail)
    if result.status is None:
        print("No answer.")
    else:
        print(f"Answer: {result.status} {result.reason} in {result.ms} ms {result.answer}".rstrip())
    as_expected, message = judge(result.status, stale=args.stale, tampered=args.tamper)
    print(f"{'OK' if as_expected else 'PROBLEM'}: {message}", file=sys.stdout if as_expected else sys.stderr)
    return 0 if as_expected else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
