"""Runs the Python code of API requests, one after the other in this one process, as a reader
would run each: the code reads from stdin as JSON ([{id, code}]), and for each request the
statuses of the responses it got (or why it got none) go to stdout as JSON."""

import contextlib
import http.client
import io
import json
import sys

statuses = []
_getresponse = http.client.HTTPConnection.getresponse


def _recording_getresponse(self, *args, **kwargs):
    response = _getresponse(self, *args, **kwargs)
    statuses.append(response.status)
    return response


http.client.HTTPConnection.getresponse = _recording_getresponse


def main():
    results = []
    for sample in json.load(sys.stdin):
        statuses.clear()
        printed = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(printed):
                exec(compile(sample["code"], sample["id"], "exec"), {"__name__": "__main__"})
        except Exception as exception:  # the code's own failure is the result to report
            error = repr(exception)
        results.append(
            {"id": sample["id"], "statuses": list(statuses), "printed": printed.getvalue(), "error": error}
        )
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
