"""R-TIE-1's "clearly better": dominance over Crystal cost and gains, no gain weighed against another.

Option A dominates B when it costs no more Crystals, gives at least as much
of every gain B gives (same kind and target, counted by n), and costs less or
gives more of one. Rover targets (R-ROVER-3) and Lab spaces (R-ORBIT-6) are
weighed this way, on a board and at the table alike.
"""

from collections.abc import Iterable

from lacerda_bot.model import BuildingType, Gain, GainKind

__all__ = ["Amounts", "amounts", "dominates", "gains_dominate"]

Amounts = dict[tuple[GainKind, BuildingType | None, str], int]
"""How much of each gain, by kind and target (a building type, an unknown gain's words)."""


def amounts(gains: Iterable[Gain]) -> Amounts:
    """How much of each gain, counted by n; Resources count for nothing.

    A plain dict that holds no zero amount (a gain of 0 adds nothing), so two
    compare equal exactly when they give the same (a ``Counter`` compares in
    Python). ``RESOURCES`` count for nothing: he never takes Resources (T6).
    """
    found: Amounts = {}
    for gain in gains:
        if gain.kind is GainKind.RESOURCES or not gain.n:  # nothing for him (T6)
            continue
        # an unknown gain's target is the host's description of it
        words = gain.description if gain.kind is GainKind.OTHER else ""
        key = (gain.kind, gain.building, words)
        found[key] = found.get(key, 0) + gain.n
    return found


def dominates(cost: int, more: Amounts, other_cost: int, less: Amounts) -> bool:
    """Whether *cost* and *more* dominate *other_cost* and *less* (:func:`amounts`)."""
    if cost > other_cost:
        return False
    if any(more.get(key, 0) < n for key, n in less.items()):
        return False
    return cost < other_cost or more != less


def gains_dominate(more: tuple[Gain, ...], less: tuple[Gain, ...]) -> bool:
    """Whether gains *more* are clearly better than *less*, both free.

    >>> one, two = Gain(kind=GainKind.CRYSTALS), Gain(kind=GainKind.CRYSTALS, n=2)
    >>> gains_dominate((two,), (one,)), gains_dominate((two,), (Gain(kind=GainKind.BOT),))
    (True, False)
    """
    return dominates(0, amounts(more), 0, amounts(less))
