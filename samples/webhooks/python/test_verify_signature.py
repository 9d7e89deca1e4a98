"""Tests for verify_signature.py, driven by ../test-vectors.json.

Run from the repository root:
    python3 -m unittest discover -s samples -p 'test_*.py'
"""

from __future__ import annotations

import json
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from verify_signature import (  # noqa: E402
    compute_signature,
    parse_signature_header,
    verify_signature,
)

VECTORS = json.loads((HERE.parent / "test-vectors.json").read_text(encoding="utf-8"))


def inputs_of(vector: dict) -> dict:
    return {
        "raw_body": vector.get("body", VECTORS["body"]).encode("utf-8"),
        "header": vector["header"],
        "secret": vector.get("secret", VECTORS["secret"]),
        "now": vector.get("now", VECTORS["now"]),
        "tolerance_seconds": vector.get("tolerance_seconds", VECTORS["tolerance_seconds"]),
    }


def find(name: str) -> dict:
    return next(vector for vector in VECTORS["cases"] if vector["name"] == name)


class SharedVectorsTest(unittest.TestCase):
    def test_every_vector(self) -> None:
        for vector in VECTORS["cases"]:
            with self.subTest(vector["name"]):
                expected = (vector["expected"]["valid"], vector["expected"]["reason"])
                self.assertEqual(verify_signature(**inputs_of(vector)), expected)


class DetailsTest(unittest.TestCase):
    def test_valid_vector_carries_the_signature_computed_here(self) -> None:
        timestamp, signatures = parse_signature_header(find("valid")["header"])
        expected = compute_signature(VECTORS["body"].encode("utf-8"), timestamp, VECTORS["secret"])
        self.assertEqual(signatures[0], expected)

    def test_wrong_length_signature_is_a_mismatch(self) -> None:
        timestamp, _ = parse_signature_header(find("valid")["header"])
        inputs = inputs_of(find("valid"))
        inputs["header"] = f"t={timestamp},v1=abc123"
        self.assertEqual(verify_signature(**inputs), (False, "signature_mismatch"))

    def test_a_str_body_is_refused(self) -> None:
        inputs = inputs_of(find("valid"))
        inputs["raw_body"] = VECTORS["body"]
        with self.assertRaises(TypeError):
            verify_signature(**inputs)

    def test_now_defaults_to_the_current_time(self) -> None:
        inputs = inputs_of(find("valid"))
        del inputs["now"]
        self.assertEqual(verify_signature(**inputs), (False, "timestamp_out_of_tolerance"))


if __name__ == "__main__":
    unittest.main()
