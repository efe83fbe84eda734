"""The solo deck (T1) and the only source of randomness (R-DECK-1).

Every random step takes the bot's seed and an event number ``k`` and builds
``random.Random(f"lacerda_bot:{seed}:{k}")``, calling only ``rng.random()``.
Seeding with a ``str`` is stable across Python versions, so a seed replays the
same game everywhere.
"""

import random
from collections.abc import Sequence
from typing import Final, TypeVar, final

import attrs

from lacerda_bot._validate import is_instance, is_one_of
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import MissionSlot

__all__ = [
    "MAX_SEED",
    "SOLO_CARDS",
    "SoloCard",
    "card_by_id",
    "check_seed",
    "random_value",
    "shuffled",
    "uniform_pick",
]

T = TypeVar("T")

MAX_SEED: Final = 2**63
"""Seeds are ints with ``0 <= seed < MAX_SEED`` (R-DECK-1)."""


@final
@attrs.frozen(kw_only=True)
class SoloCard:
    """One of the 12 solo cards (T1).

    >>> SOLO_CARDS[2]
    SoloCard(id=3, mission=<MissionSlot.A: 'a'>, action=2, travels=False)
    """

    id: int = attrs.field(validator=is_one_of(range(1, 13)))
    """Our fixed id, 1..12."""
    mission: MissionSlot = attrs.field(validator=is_instance(MissionSlot))
    """The Mission marker it moves from the second pass (R-MISSION-1)."""
    action: int = attrs.field(validator=is_one_of((1, 2, 3)))
    """The action number (R-TURN-1), also read by tie-breaks (R-TIE-2)."""
    travels: bool = attrs.field(validator=is_instance(bool))
    """False for the three X cards, which stop him travelling (R-SHUTTLE-2)."""

    @property
    def face(self) -> str:
        """The card as printed: its Mission letter, action number and X, e.g. ``A2 X``.

        What a player sees; two cards with one face do the same (5 and 6 are ``B1``).

        >>> SOLO_CARDS[2].face, SOLO_CARDS[6].face
        ('A2 X', 'B2')
        """
        return f"{self.mission.name}{self.action}{'' if self.travels else ' X'}"


def _card(id: int, mission: MissionSlot, action: int, travels: bool = True) -> SoloCard:  # noqa: A002
    return SoloCard(id=id, mission=mission, action=action, travels=travels)


_A, _B, _C = MissionSlot.A, MissionSlot.B, MissionSlot.C
SOLO_CARDS: Final[tuple[SoloCard, ...]] = (
    _card(1, _A, 1),
    _card(2, _A, 2),
    _card(3, _A, 2, travels=False),
    _card(4, _A, 3),
    _card(5, _B, 1),
    _card(6, _B, 1),
    _card(7, _B, 2),
    _card(8, _B, 3, travels=False),
    _card(9, _C, 1),
    _card(10, _C, 1, travels=False),
    _card(11, _C, 2),
    _card(12, _C, 3),
)
"""T1: the 12 solo cards, in id order."""


def card_by_id(card_id: object) -> SoloCard:
    """The card with id *card_id*; raise InvalidValueError for an unknown id."""
    if type(card_id) is int and 1 <= card_id <= 12:  # the usual case, at once
        return SOLO_CARDS[card_id - 1]
    if (
        isinstance(card_id, bool)
        or not isinstance(card_id, int)
        or not 1 <= card_id <= 12
    ):
        raise InvalidValueError("card id", "an int from 1 to 12", card_id)
    return SOLO_CARDS[card_id - 1]


def check_seed(seed: object) -> int:
    """Return *seed* if it is a valid seed (R-DECK-1); raise InvalidValueError if not."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise InvalidValueError("seed", "an int with 0 <= seed < 2**63", seed)
    return seed


def random_value(seed: int, event: int) -> float:
    """The first ``rng.random()`` of random event *event* (R-DECK-1).

    >>> int(random_value(0, 0) * 100_000)
    93317
    """
    return _rng(seed, event).random()


def _rng(seed: int, event: int) -> random.Random:
    return random.Random(f"lacerda_bot:{seed}:{event}")


def uniform_pick(n: int, *, seed: int, event: int) -> int:
    """A uniform index in ``range(n)`` for random event *event* (R-DECK-1)."""
    if n < 1:
        raise InvalidValueError("n", "at least one option", n)
    return int(random_value(seed, event) * n)


def shuffled(items: Sequence[T], *, seed: int, event: int) -> tuple[T, ...]:
    """Fisher-Yates from the last index down, with random event *event* (R-DECK-1).

    >>> shuffled(range(1, 13), seed=0, event=0)
    (7, 4, 9, 2, 11, 3, 10, 8, 6, 5, 1, 12)
    """
    rng = _rng(seed, event)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return tuple(out)
