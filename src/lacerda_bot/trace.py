"""Why Lacerda did what he did: the trace every decision carries (R-TURN-10, R-TIE-8).

Traces are data (JSON-serialisable): the rule IDs applied, the candidates a
rule weighed with the values of its criteria, the candidates it removed and
why, and the record of every tie-break. :mod:`lacerda_bot.render` words them.
"""

from typing import final

import attrs

from lacerda_bot.options import TiePolicy

__all__ = ["Candidate", "Removal", "TieBreak", "TieRound", "Trace"]


@final
@attrs.frozen(kw_only=True)
class Candidate:
    """An option a rule considered, with the values of its criteria."""

    option: str
    criteria: tuple[tuple[str, int], ...] = ()
    """(criterion name, value) pairs, e.g. ``("resulting_size", 3)``."""


@final
@attrs.frozen(kw_only=True)
class Removal:
    """An option a rule removed, and why."""

    option: str
    rule: str
    reason: str


@final
@attrs.frozen(kw_only=True)
class TieRound:
    """One round of a card tie-break (R-TIE-2..5) or a uniform pick (R-TIE-6)."""

    groups: tuple[tuple[int, ...], ...]
    """The option numbers (1-based) of each group drawn between."""
    revealed: tuple[int, ...] = ()
    """Card ids revealed, in order (empty for ``uniform``)."""
    chosen_group: int
    """1-based index into *groups*."""
    reshuffled: bool = False
    """Whether an empty draw pile made the discard pile the draw pile (R-TIE-3)."""
    random_events: tuple[int, ...] = ()


@final
@attrs.frozen(kw_only=True)
class TieBreak:
    """The record of one tie-break (R-TIE-8)."""

    rule: str
    """The rule that raised the tie."""
    options: tuple[str, ...]
    """The options numbered 1..n, in canonical order."""
    merged: tuple[str, ...] = ()
    """Options merged into an equal one before numbering (R-TIE-1)."""
    policy: TiePolicy
    rounds: tuple[TieRound, ...] = ()
    chosen: int
    """The 1-based number of the chosen option."""


def _unique_rules(rules: tuple[str, ...]) -> tuple[str, ...]:
    """*rules* in order, each once (the converter of :attr:`Trace.rules`)."""
    if type(rules) is tuple and (
        not rules or (len(rules) == 1 and type(rules[0]) is str)
    ):  # most traces: nothing to merge, and nothing the merge would refuse
        return rules
    return tuple(dict.fromkeys(rules))


@final
@attrs.frozen(kw_only=True)
class Trace:
    """Why a decision was made (R-TURN-10)."""

    rules: tuple[str, ...] = attrs.field(default=(), converter=_unique_rules)
    """Rule IDs applied, in order, each once."""
    candidates: tuple[Candidate, ...] = ()
    removed: tuple[Removal, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    note: str = ""
