"""Requests and answer functions shared by the tests of ``lacerda-bot serve``."""

import json
import threading
from collections.abc import Callable

from lacerda_bot.protocol import Reply, reply

NEW_BOT_REQUEST = json.dumps({"id": "new", "call": "new_bot", "seed": 7}).encode()
NEVER = json.dumps({"id": "never", "call": "new_bot", "seed": 1}).encode()
"""A request that :func:`never_ending` never answers."""


def never_ending(release: threading.Event) -> Callable[[bytes], Reply]:
    """Answers as the server does, but waits for *release* on a request with id "never".

    In a worker process nothing ever sets *release* (it is the process's own
    copy), so such a call never ends there; on a thread the test sets it at
    its end, so that the thread ends too.
    """

    def answer(request: bytes) -> Reply:
        if b'"never"' in request:
            release.wait()
        return reply(request)

    return answer
