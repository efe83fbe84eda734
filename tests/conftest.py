import os

import pytest
from hypothesis import Phase, settings

settings.register_profile("dev", max_examples=200)
settings.register_profile("fast", max_examples=10)
# CI (``.ci/run`` sets CI): the same examples on every machine (derandomized), no
# deadline (a busy machine is slow, not wrong), no example database, and no shrink
# phase, so a failure is reported at once with the blob that reproduces it
# (``@reproduce_failure``); shrink it locally, under the default or dev profile.
settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target),
)
if "HYPOTHESIS_PROFILE" in os.environ:
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*.jsonl from fresh reference games",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
