"""The ``fix`` step: the player corrects a value the companion tracks.

The companion follows his player board from his decisions
(:mod:`lacerda_bot.table._engine.tracked`). When the table and the companion
disagree (a Mission paid him Crystals, a piece was moved by hand, an answer
was wrong), the player says which value and what it is. A fix is a step like
any other: its two answers are recorded in the save, replayed on resume, and
taken back by ``undo``.
"""

import enum
from collections.abc import Callable
from typing import Final, assert_never, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot._lab import developed
from lacerda_bot.language import Message, Param, msg, msg_c
from lacerda_bot.model import HostId, MissionSlot, TechType
from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.terms import tech_name

__all__ = [
    "Fix",
    "Value",
    "apply_fix",
    "fix_value",
    "fixable",
    "value_question",
    "what_question",
]


@enum.unique
class Value(IdentityEnum):
    """A value of his player board that the player may correct."""

    CRYSTALS = "crystals"
    FREE_DEPOT = "free depot spaces"
    ADVANCED_MARKERS = "advanced markers"
    SHELTERS = "shelters left"
    SHIPS = "ships left"
    BOTS = "bots left"
    HANGAR = "ships in hangar"
    COLONY_LEVEL = "colony level"
    HIRE_SLOT = "colonist on hire slot"
    TECH_SPACE = "tech space"
    """One of his Techs, named in the choice (``mine tech space``): its Lab space."""
    MISSION_DONE = "mission completed"
    """One Mission slot, named in the choice (``mission A completed``)."""


_MOST: Final = 30
"""The largest count a fix accepts where the game prints no other bound."""


@final
@attrs.frozen(kw_only=True)
class Fix:
    """One correctable value: the choice that names it, and what it stands for."""

    label: str
    """The choice the player picks, stored in the save: ``crystals``."""
    value: Value
    name: Message
    """How a question names it, first in the sentence: ``Crystals``."""
    said: Message
    """The choice as the player reads and types it, within a sentence."""
    tech: TechType | None = None
    slot: MissionSlot | None = None


_NAMES: Final = {
    Value.CRYSTALS: msg("Crystals"),
    Value.FREE_DEPOT: msg("Free depot spaces"),
    Value.ADVANCED_MARKERS: msg("Advanced markers"),
    Value.SHELTERS: msg("Shelters left"),
    Value.SHIPS: msg("Ships left"),
    Value.BOTS: msg("Bots left"),
    Value.HANGAR: msg("Ships in hangar"),
    Value.COLONY_LEVEL: msg("Colony level"),
    Value.HIRE_SLOT: msg("Colonist on hire slot"),
}
"""Each plain value, named at the start of its question."""

_SAID: Final = {
    Value.CRYSTALS: msg_c("answer", "crystals"),
    Value.FREE_DEPOT: msg_c("answer", "free depot spaces"),
    Value.ADVANCED_MARKERS: msg_c("answer", "advanced markers"),
    Value.SHELTERS: msg_c("answer", "shelters left"),
    Value.SHIPS: msg_c("answer", "ships left"),
    Value.BOTS: msg_c("answer", "bots left"),
    Value.HANGAR: msg_c("answer", "ships in hangar"),
    Value.COLONY_LEVEL: msg_c("answer", "colony level"),
    Value.HIRE_SLOT: msg_c("answer", "colonist on hire slot"),
}
"""Each plain value's choice, as the player types it (:attr:`Value.value`)."""

_TECH_SAID: Final = {
    TechType.MINE: msg_c("answer", "mine tech space"),
    TechType.GENERATOR: msg_c("answer", "generator tech space"),
    TechType.WATER_EXTRACTOR: msg_c("answer", "water extractor tech space"),
    TechType.GREENHOUSE: msg_c("answer", "greenhouse tech space"),
    TechType.OXYGEN_CONDENSER: msg_c("answer", "oxygen condenser tech space"),
    TechType.SHELTER: msg_c("answer", "shelter tech space"),
    TechType.ROVER: msg_c("answer", "rover tech space"),
    TechType.UPGRADE: msg_c("answer", "upgrade tech space"),
}
"""Each Tech's space choice, as the player types it."""

_MISSION_SAID: Final = {
    MissionSlot.A: msg_c("answer", "mission A completed"),
    MissionSlot.B: msg_c("answer", "mission B completed"),
    MissionSlot.C: msg_c("answer", "mission C completed"),
}
"""Each Mission slot's choice, as the player types it."""


def fixable(tracked: Tracked) -> tuple[Fix, ...]:
    """Every value the player may correct now, in the order offered."""
    plain = tuple(
        Fix(label=v.value, value=v, name=_NAMES[v], said=_SAID[v])
        for v in Value
        if v not in (Value.TECH_SPACE, Value.MISSION_DONE)
    )
    techs = tuple(
        Fix(
            label=f"{t.tech.value.replace('_', ' ')} tech space",
            value=Value.TECH_SPACE,
            # Translators: the Lab space of one of his Techs: "Mine tech space".
            name=msg("{tech} tech space", tech=tech_name(t.tech)),
            said=_TECH_SAID[t.tech],
            tech=t.tech,
        )
        for t in tracked.lacerda_techs
    )
    missions = tuple(
        Fix(
            label=f"mission {m.slot.value.upper()} completed",
            value=Value.MISSION_DONE,
            # Translators: whether the Mission in slot {slot} (A, B or C) is completed.
            name=msg("Mission {slot} completed", slot=m.slot.value.upper()),
            said=_MISSION_SAID[m.slot],
            slot=m.slot,
        )
        for m in tracked.missions
    )
    return (*plain, *techs, *missions)


def what_question(tracked: Tracked) -> Question:
    """The first question of a fix: which value."""
    return Question(
        key="fix.what",
        text=msg("Which of his values is wrong?"),
        kind=QuestionKind.PICK,
        choices=tuple(f.label for f in fixable(tracked)),
        hint=msg(
            "The values the companion keeps for Lacerda's player board. Pick the "
            "one that differs from the table; the next question asks its true "
            "value. Example: a Mission paid him 2 Crystals: pick crystals, then "
            "answer his new total. status shows what the companion has."
        ),
    )


def _tech_space(tracked: Tracked, tech: TechType | None) -> HostId:
    own = next((t for t in tracked.lacerda_techs if t.tech is tech), None)
    assert own is not None  # offered only for a Tech he has
    return own.space


def _tech_spaces(tracked: Tracked, tech: TechType | None) -> tuple[str, ...]:
    """The spaces his *tech* tile may be put on: its own and every empty one (V9)."""
    own = _tech_space(tracked, tech)
    return tuple(s.id for s in tracked.lab_spaces if s.id == own or s.tech is None)


def fix_value(tracked: Tracked, fix: Fix) -> Answer:
    """What the companion has now for *fix*."""
    match fix.value:
        case Value.CRYSTALS:
            return tracked.crystals
        case Value.FREE_DEPOT:
            return tracked.free_depot_spaces
        case Value.ADVANCED_MARKERS:
            return tracked.free_advanced_markers
        case Value.SHELTERS:
            return tracked.shelters_left
        case Value.SHIPS:
            return tracked.ships_left
        case Value.BOTS:
            return tracked.bots_left
        case Value.HANGAR:
            return tracked.ships_in_hangar
        case Value.COLONY_LEVEL:
            return tracked.colony_level
        case Value.HIRE_SLOT:
            return tracked.colonist_on_hire_slot
        case Value.TECH_SPACE:
            return _tech_space(tracked, fix.tech)
        case Value.MISSION_DONE:
            assert fix.slot is not None
            return tracked.mission(fix.slot).completed
        case unreachable:
            assert_never(unreachable)


def _range(tracked: Tracked, fix: Fix) -> tuple[int, int]:
    match fix.value:
        case Value.CRYSTALS:
            return 0, tracked.depot
        case Value.FREE_DEPOT:
            return 0, _MOST
        case Value.ADVANCED_MARKERS:
            return 0, 8
        case Value.SHELTERS:
            return 0, 4
        case Value.SHIPS | Value.HANGAR:
            return 0, 5
        case Value.BOTS:
            return 0, 3
        case Value.COLONY_LEVEL:
            return 1, 9
        case Value.HIRE_SLOT | Value.MISSION_DONE | Value.TECH_SPACE:
            return 0, 1
        case unreachable:
            assert_never(unreachable)


def value_question(tracked: Tracked, fix: Fix) -> Question:
    """The second question of a fix: the true value, with what the companion has."""
    now = fix_value(tracked, fix)
    if isinstance(now, bool):
        return Question(
            key="fix.value",
            # Translators: {value} names the value ("Mission A completed"); {now}
            # is yes or no.
            text=msg(
                "{value}? (the companion has: {now})", value=fix.name, now=_words(now)
            ),
            kind=QuestionKind.YES_NO,
            hint=msg(
                "Look at his player board (or the Mission card) and answer what "
                "the table shows. Example: his Colonist is on his Hire a Scientist "
                "slot: yes."
            ),
        )
    if fix.value is Value.TECH_SPACE:
        return Question(
            key="fix.value",
            # Translators: {value} names the value ("Mine tech space"); {now} is a
            # Lab space, such as c2-middle.
            text=msg(
                "{value}: the companion has {now}. Which space of his Lab does the "
                "tile stand on?",
                value=fix.name,
                now=_words(now),
            ),
            kind=QuestionKind.PICK,
            choices=_tech_spaces(tracked, fix.tech),
            hint=msg(
                "Spaces are named by column (c1 is the leftmost) and place from the "
                "top (top, middle, bottom); a Tech's level is its column. Example: "
                "the tile stands on the middle space of the second column: "
                "c2-middle."
            ),
        )
    low, high = _range(tracked, fix)
    return Question(
        key="fix.value",
        # Translators: {value} names the value ("Crystals"); {now} is a number.
        text=msg(
            "{value}: the companion has {now}. What does the table show?",
            value=fix.name,
            now=_words(now),
        ),
        kind=QuestionKind.COUNT,
        low=low,
        high=high,
        hint=msg(
            "Count it on his player board and answer what the table shows. "
            "Example: his Depot holds 5 Crystals: answer 5."
        ),
    )


def _set(tracked: Tracked, fix: Fix, value: Answer) -> Tracked:
    """*tracked* with *fix* set to *value* (already checked by its question)."""
    match fix.value:
        case Value.CRYSTALS:
            return attrs.evolve(tracked, crystals=int(value))
        case Value.FREE_DEPOT:
            return attrs.evolve(tracked, depot=tracked.crystals + int(value))
        case Value.ADVANCED_MARKERS:
            return attrs.evolve(tracked, free_advanced_markers=int(value))
        case Value.SHELTERS:
            return attrs.evolve(tracked, shelters_left=int(value))
        case Value.SHIPS:
            return attrs.evolve(tracked, ships_left=int(value))
        case Value.BOTS:
            return attrs.evolve(tracked, bots_left=int(value))
        case Value.HANGAR:
            return attrs.evolve(tracked, ships_in_hangar=int(value))
        case Value.COLONY_LEVEL:
            return attrs.evolve(tracked, colony_level=int(value))
        case Value.HIRE_SLOT:
            return attrs.evolve(tracked, colonist_on_hire_slot=bool(value))
        case Value.TECH_SPACE:
            assert fix.tech is not None
            lab = developed(tracked.lab_spaces, fix.tech, HostId(str(value)))
            return attrs.evolve(tracked, lab_spaces=lab)
        case Value.MISSION_DONE:
            mission = tracked.mission(_slot(fix))
            return tracked.with_mission(attrs.evolve(mission, completed=bool(value)))
        case unreachable:
            assert_never(unreachable)


def _slot(fix: Fix) -> MissionSlot:
    assert fix.slot is not None
    return fix.slot


def apply_fix(
    tracked: Tracked, ask: Callable[[Question], Answer]
) -> tuple[Tracked, Message]:
    """Ask which value and its true value; *tracked* corrected, and the words said."""
    fixes = {f.label: f for f in fixable(tracked)}
    label = ask(what_question(tracked))
    fix = fixes[str(label)]
    before = fix_value(tracked, fix)
    value = ask(value_question(tracked, fix))
    after = _set(tracked, fix, value)
    # Translators: {what} is the value fixed, as the player picked it ("crystals");
    # {before} and {after} its old and new value (numbers, yes or no, Lab spaces).
    said = msg(
        "Fixed {what}: {before} -> {after}.",
        what=fix.said,
        before=_words(before),
        after=_words(value),
    )
    return after, said


def _words(value: Answer) -> Param:
    """A value as the player reads it: yes or no, a number, a Lab space."""
    if isinstance(value, bool):
        return msg_c("answer", "yes") if value else msg_c("answer", "no")
    return str(value)
