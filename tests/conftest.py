import os

from hypothesis import settings

settings.register_profile("dev", max_examples=200)
settings.register_profile("fast", max_examples=10)
if "HYPOTHESIS_PROFILE" in os.environ:
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
