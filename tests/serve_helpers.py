"""Requests and answer functions shared by the tests of ``lacerda-bot serve``."""

import json

NEW_BOT_REQUEST = json.dumps({"id": "new", "call": "new_bot", "seed": 7}).encode()
