"""Makes this folder importable so that unittest discovery finds the tests."""
