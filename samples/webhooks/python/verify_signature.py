"""Verify the X-Gerai-Signature header of a Gerai webhook delivery.

Python 3.11 or later, standard library only.

The header looks like ``t=1772424915,v1=5f1c...e9``, where ``t`` is the Unix
time (seconds) at which Gerai signed the delivery and ``v1`` is the lowercase
hex HMAC-SHA256 of ``f"{t}.{raw_body}"``, keyed with the subscription's secret.

Reasons returned with the verdict:

* ``ok``: the signature matches and ``t`` is inside the window;
* ``malformed_header``: a part that is not ``key=value``, no ``t`` or more
  than one, a ``t`` that is not whole seconds, or no ``v1``;
* ``signature_mismatch``: the body, the secret or the header differs;
* ``timestamp_out_of_tolerance``: authentic, but ``t`` is too far from now.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time

DEFAULT_TOLERANCE_SECONDS = 300

# A signature is 64 lowercase hex digits, exactly as Gerai sends it.
_HEX_SHA256 = re.compile(r"[0-9a-f]{64}")
_UNIX_SECONDS = re.compile(r"[0-9]{1,12}")
# One part of the header: a key, "=", a value; spaces and tabs around it are ignored.
_PART = re.compile(r"[ \t]*([^\s,=]+)=([^\s,]*)[ \t]*")


def parse_signature_header(header: str | None) -> tuple[int, list[str]] | None:
    """Return ``(t, [v1, ...])``, or ``None`` when the header is malformed.

    The parts may come in any order. Unknown keys are ignored, so a header may
    carry other schemes beside v1.
    """
    if header is None:
        return None
    timestamp: int | None = None
    signatures: list[str] = []
    for part in header.split(","):
        match = _PART.fullmatch(part)
        if match is None:
            return None
        key, value = match.groups()
        if key == "t":
            if timestamp is not None or not _UNIX_SECONDS.fullmatch(value):
                return None
            timestamp = int(value)
        elif key == "v1":
            signatures.append(value)
    if timestamp is None or not signatures:
        return None
    return timestamp, signatures


def compute_signature(raw_body: bytes, timestamp: int | str, secret: str) -> str:
    """The lowercase hex HMAC-SHA256 of ``b"<timestamp>." + raw_body``."""
    message = f"{timestamp}.".encode("utf-8") + raw_body
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def verify_signature(
    raw_body: bytes,
    header: str,
    secret: str,
    now: float | None = None,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
) -> tuple[bool, str]:
    """Check one delivery and return ``(valid, reason)``.

    Pass the body exactly as received, as bytes (for example
    ``request.get_data()`` or ``await request.body()``): decoding and
    re-encoding the JSON changes the bytes and breaks the signature.

    Checks, in this order: the header's shape, the signature, then the
    timestamp window.
    """
    if not isinstance(raw_body, (bytes, bytearray)):
        raise TypeError("pass the raw request body as bytes, before any JSON parsing")
    if not secret:
        raise ValueError("verify_signature needs the subscription secret")

    parsed = parse_signature_header(header)
    if parsed is None:
        return False, "malformed_header"
    timestamp, candidates = parsed

    expected = compute_signature(bytes(raw_body), timestamp, secret)
    matched = False
    for candidate in candidates:
        # compare_digest takes constant time for values of the same length.
        if _HEX_SHA256.fullmatch(candidate) and hmac.compare_digest(candidate, expected):
            matched = True
    if not matched:
        return False, "signature_mismatch"

    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance_seconds:
        return False, "timestamp_out_of_tolerance"
    return True, "ok"
