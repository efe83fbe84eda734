"""The questions about the players' boards and the displays: Crystals, Lab, cards.

Facts about his own pieces are tracked (:mod:`lacerda_bot.table._engine.tracked`) and
asked only in a game that does not track them (a game begun by 0.1.0), or when
a Mission may have changed his Crystals. When tracked, the questions about the
displays name what his pieces mean ("a Generator or Mine Blueprint"). Every
question and hint is a :class:`~lacerda_bot.language.Message`, which the front
end says in the player's language; the words a player types in it (``yes``,
``greenhouse L3``) are said as that language's answer words.
"""

from collections.abc import Sequence
from typing import Any, ClassVar, Final, final

import attrs

from lacerda_bot import _queries as q
from lacerda_bot._facts import Display, Query
from lacerda_bot._lab import free_ahead
from lacerda_bot.decisions import Described
from lacerda_bot.lab import place
from lacerda_bot.language import Message, Param, Text, msg, msg_c
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    Owner,
    Scientist,
    TechType,
    scored_type,
)
from lacerda_bot.table._engine.dialogue import Answer, Question, QuestionKind
from lacerda_bot.table._engine.shapes import (
    Ask,
    Count,
    Gains,
    Labels,
    Pick,
    Questions,
    Shape,
    Wording,
    YesNo,
    count,
    sentences,
    typed_gains,
    yes,
)
from lacerda_bot.table._engine.tracked import Card
from lacerda_bot.terms import (
    HEX_ORDER,
    building_name,
    buildings_name,
    tech_name,
    tech_word,
)

__all__ = ["ASKS", "SCIENTISTS"]

ASKS: Final = Questions()
"""The builder of each question about the boards and the displays, by query type."""

SCIENTISTS: Final = msg(
    "Geologist scores Generators, R&D Engineer Water Extractors, Hydrologist "
    "Greenhouses, Biochemist Oxygen Condensers, Geochemist Shelters, Systems "
    "Engineer Mines."
)
_SPENDABLE: Final = msg(
    "His Crystals in his Depot that he may spend now; Crystals he gained earlier "
    "in this same turn do not count (unless your options say so). Count any a "
    "Mission or a Shelter gave him. Example: 3 Crystals in his Depot, none gained "
    "this turn: 3."
)
_PREVIOUS_STEP: Final = msg(
    "The previous step is the development step just before this one (step 1 of his "
    "R&D, or the step before in a Develop benefit), not a Tech that a Lab space's "
    "benefit developed in between."
)
_MOVES: Final = msg(
    "A Tech tile moves to an empty space of the next column to its right that its "
    "space touches (one or two, the columns are staggered). If both are taken, or "
    "it stands in the last column, it cannot."
)
# Translators: {nothing} and {crystals} are the words the player types (context
# "answer"); "{crystals} 1" is an answer.
_LAB_SPACE: Final = msg(
    "Look at the space of his Lab the tile just entered and name what it shows; "
    "{nothing} if it is blank. Example: one Crystal symbol: {crystals} 1.",
    nothing=msg_c("answer", "nothing"),
    crystals=msg_c("answer", "crystals"),
)

_SCIENTIST_WORDS: Final = {
    # Translators: the Scientists a player types, in lower case (a phrase is fine).
    Scientist.GEOLOGIST: msg_c("answer", "geologist"),
    Scientist.RD_ENGINEER: msg_c("answer", "rd engineer"),
    Scientist.HYDROLOGIST: msg_c("answer", "hydrologist"),
    Scientist.BIOCHEMIST: msg_c("answer", "biochemist"),
    Scientist.GEOCHEMIST: msg_c("answer", "geochemist"),
    Scientist.SYSTEMS_ENGINEER: msg_c("answer", "systems engineer"),
}
"""The word a player types for each Scientist (its English is the value, spaced)."""
_CARD_WORDS: Final = {
    # Translators: a Blueprint a player types: its building, then its level (L1 or
    # L3, with your language's letter for Level).
    (BuildingType.MINE, 1): msg_c("answer", "mine L1"),
    (BuildingType.MINE, 3): msg_c("answer", "mine L3"),
    (BuildingType.GENERATOR, 1): msg_c("answer", "generator L1"),
    (BuildingType.GENERATOR, 3): msg_c("answer", "generator L3"),
    (BuildingType.WATER_EXTRACTOR, 1): msg_c("answer", "water extractor L1"),
    (BuildingType.WATER_EXTRACTOR, 3): msg_c("answer", "water extractor L3"),
    (BuildingType.GREENHOUSE, 1): msg_c("answer", "greenhouse L1"),
    (BuildingType.GREENHOUSE, 3): msg_c("answer", "greenhouse L3"),
    (BuildingType.OXYGEN_CONDENSER, 1): msg_c("answer", "oxygen condenser L1"),
    (BuildingType.OXYGEN_CONDENSER, 3): msg_c("answer", "oxygen condenser L3"),
    (BuildingType.SHELTER, 1): msg_c("answer", "shelter L1"),
    (BuildingType.SHELTER, 3): msg_c("answer", "shelter L3"),
}
"""The words a player types for each Blueprint (its English is :attr:`Card.label`)."""
_PLACE_WORDS: Final = {
    # Translators: the spaces of a Lab column a player types: top, middle and
    # bottom of a column; upper and lower of two spaces that need no other name.
    "top": msg_c("answer", "top"),
    "middle": msg_c("answer", "middle"),
    "bottom": msg_c("answer", "bottom"),
    "upper": msg_c("answer", "upper"),
    "lower": msg_c("answer", "lower"),
}
"""The word a player types for each space of a column, by its English."""


def _card_word(building: BuildingType, level: int) -> Text:
    """The words a player types for a Blueprint, by its type and level."""
    return (
        _CARD_WORDS.get((building, level)) or Card(building=building, level=level).label
    )


def _either(items: Sequence[Param]) -> Param:
    """*items* as alternatives: ``A``, ``A or B``, ``A, B or C``."""
    if len(items) == 1:
        return items[0]
    # Translators: the last two of a list of alternatives ("Generator or Mine").
    said: Param = msg("{first} or {second}", first=items[-2], second=items[-1])
    for item in reversed(items[:-2]):
        said = msg("{item}, {rest}", item=item, rest=said)
    return said


def _commas(items: Sequence[Param]) -> Param:
    """*items* separated by commas: ``A, B, C``."""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{item}, {rest}", item=item, rest=said)
    return said


def _scored_types(words: Wording) -> Param | None:
    """The building types his Scientists score, as alternatives (None: not known)."""
    tracked = words.tracked
    if tracked is None or not tracked.lacerda_scientists:
        return None
    return _either([building_name(scored_type(s)) for s in tracked.lacerda_scientists])


def _lacking(words: Wording) -> tuple[TechType, ...]:
    tracked = words.tracked
    owned = set() if tracked is None else {t.tech for t in tracked.lacerda_techs}
    return tuple(t for t in TechType if t not in owned)


def _his_techs(words: Wording) -> Text:
    tracked = words.tracked
    if tracked is None or not tracked.lacerda_techs:
        return ""
    techs = _commas([tech_name(t.tech) for t in tracked.lacerda_techs])
    # Translators: {techs} lists his Tech tiles by name: "Mine, Rover".
    return msg("He has: {techs}.", techs=techs)


@ASKS.asks(q.SpendableCrystals)
def _spendable(query: q.SpendableCrystals, words: Wording) -> Shape:
    return count(
        msg("How many Crystals can Lacerda spend right now?"), 0, 99, _SPENDABLE
    )


@ASKS.asks(q.ContractCrystalCost)
def _contract_cost(query: q.ContractCrystalCost, words: Wording) -> Shape:
    return count(
        msg("How many Crystals does taking a Contract cost?"),
        0,
        9,
        msg(
            "The Crystal cost shown on the Contract display (0 if none). Example: the "
            "display shows a cost of 1 Crystal: 1."
        ),
    )


@ASKS.asks(q.SupplyHasCrystal)
def _supply(query: q.SupplyHasCrystal, words: Wording) -> Shape:
    return yes(
        msg("Is any Crystal left in the general supply?"),
        msg(
            "The common pool of Crystals beside the board. If it is empty he cannot "
            "gain Crystals from it. Example: a few Crystals are still in that pool: "
            "yes."
        ),
    )


@ASKS.asks(q.SupplyCrystals)
def _supply_count(query: q.SupplyCrystals, words: Wording) -> Shape:
    return count(
        msg("How many Crystals are left in the general supply?"),
        0,
        99,
        msg(
            "The common pool of Crystals beside the board, counted again: a building "
            "went up since you counted it, and a Crystal on its site went back to the "
            "pool. Example: 3 Crystals lie in that pool: 3."
        ),
    )


@ASKS.asks(q.HasShipLeft)
def _ship_left(query: q.HasShipLeft, words: Wording) -> Shape:
    return yes(
        msg("Does Lacerda have a Ship left to gain?"),
        msg(
            "Look at his player board: is one of his Ships still waiting there? "
            "Example: his last Ship still sits on his board: yes."
        ),
    )


@ASKS.asks(q.HasBotLeft)
def _bot_left(query: q.HasBotLeft, words: Wording) -> Shape:
    return yes(
        msg("Does Lacerda have a Bot left to gain?"),
        msg(
            "Look at his player board: is one of his Bots still waiting there? "
            "Example: his last Bot still sits on his board: yes."
        ),
    )


@ASKS.asks(q.HasShelterLeft)
def _shelter_left(query: q.HasShelterLeft, words: Wording) -> Shape:
    return yes(
        msg("Does Lacerda have a Shelter left to gain?"),
        msg(
            "Look at his player board: is one of his Shelters still waiting there? "
            "Example: his last Shelter still sits on his board: yes."
        ),
    )


@ASKS.asks(q.ColonistOnHireSlot)
def _hire_slot(query: q.ColonistOnHireSlot, words: Wording) -> Shape:
    return yes(
        msg("Is his Colonist on his Hire-a-Scientist slot?"),
        msg(
            "His personal slot of the Colony 3 action: his Colonist stays there after "
            "he hires a Scientist or takes a Contract, and blocks the action until an "
            "LSS reward brings it back. Example: one of his Colonists stands on that "
            "slot: yes."
        ),
    )


@final
@attrs.frozen(kw_only=True)
class _TakenCard:
    """Which Blueprint he takes, or empty: the display's state and his card at once."""

    text: Text
    hint: Text
    scored: frozenset[BuildingType]
    lookahead: ClassVar[type[Query[Any]] | None] = q.ObtainedBlueprint

    def read(self, ask: Ask, key: str) -> Display:
        """Ask; a card of a type his Scientists score means the display shows one."""
        display, _ = self.read_ahead(ask, key)
        return display

    def read_ahead(
        self, ask: Ask, key: str
    ) -> tuple[Display, tuple[BuildingType, int] | None]:
        """Ask: the display's state, and the card he takes (None if it is empty)."""
        choices = (*(word for word, _ in _CARDS), "empty")
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.PICK,
            choices=choices,
            hint=self.hint,
        )
        word = ask(question)
        card = next((c for w, c in _CARDS if w == word), None)
        if card is None:
            return Display.EMPTY, None
        return Display.SCORED if card[0] in self.scored else Display.OTHERS, card

    def answers(self, value: Display, ahead: object = None) -> tuple[Answer, ...]:
        """``empty``, or the card he takes (*ahead*: its type and level)."""
        if value is Display.EMPTY:
            return ("empty",)
        scored = value is Display.SCORED
        # No card *ahead* when he reads the display but takes none this call:
        # any card of the right kind then answers alike.
        fits = [(w, c) for w, c in _CARDS if (c[0] in self.scored) == scored]
        return (next((w for w, c in fits if c == ahead), fits[0][0]),)


@final
@attrs.frozen(kw_only=True)
class _UsedCard:
    """Which of his Blueprints he uses, none, or several tied: the tie and the card."""

    text: Text
    hint: Text
    cards: tuple[str, ...]
    lookahead: ClassVar[type[Query[Any]] | None] = q.UsedBlueprint

    def read(self, ask: Ask, key: str) -> tuple[str, ...]:
        """One card (his label), none, or as many tied types as the count says."""
        labels, _ = self.read_ahead(ask, key)
        return labels

    def read_ahead(
        self, ask: Ask, key: str
    ) -> tuple[tuple[str, ...], tuple[BuildingType, int] | None]:
        """Ask: the tied labels, and the card he uses when one was named."""
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.PICK,
            choices=(*self.cards, "none", "several"),
            hint=self.hint,
        )
        word = str(ask(question))
        if word == "none":
            return (), None
        if word != "several":
            return (word,), next((c for w, c in _CARDS if w == word), None)
        tied = Count(
            text=msg("How many building types tie?"),
            low=2,
            high=len(self.cards),
            hint=msg(
                "Blueprints of the same type and level count once; number the tied "
                "ones as they lie in front of him. Example: two Level 1 Mine "
                "Blueprints and a Level 1 Generator one tie: 2."
            ),
        )
        return ("option",) * tied.read(ask, f"{key}.tied"), None

    def answers(
        self, value: tuple[str, ...], ahead: object = None
    ) -> tuple[Answer, ...]:
        """``none``, the card he uses (*ahead*), or ``several`` and how many."""
        if not value:
            return ("none",)
        if len(value) > 1:
            return ("several", len(value))
        # No card *ahead* when he stops before using it (his Upgrade Tech's
        # capacity is spent): any of his cards then answers alike.
        return (next((w for w, c in _CARDS if c == ahead), self.cards[0]),)


# Translators: the words a player types to pick an answer (context "answer"):
# the display is empty; no Blueprint of his fits; several tie; the display shows
# others (of a type his Scientists do not score); one space; two equal spaces.
_EMPTY: Final = msg_c("answer", "empty")
_NONE: Final = msg_c("answer", "none")
_SEVERAL: Final = msg_c("answer", "several")
_OTHERS: Final = msg_c("answer", "others")
_ONE: Final = msg_c("answer", "one")
_EQUAL: Final = msg_c("answer", "equal")


@ASKS.asks(q.BlueprintDisplay)
def _display(query: q.BlueprintDisplay, words: Wording) -> Shape:
    tracked = words.tracked
    types = _scored_types(words)
    if (
        tracked is not None
        and tracked.free_advanced_markers > 0
        and words.options.blueprint_fallback_any_type
    ):
        scored = frozenset(scored_type(s) for s in tracked.lacerda_scientists)
        # Translators: {empty} is the word the player types for an empty display.
        taken = msg(
            "Which Blueprint does he take: the fuller row's leftmost Blueprint? "
            "({empty} if the display is empty)",
            empty=_EMPTY,
        )
        if scored and types is not None:
            # Translators: {types} names building types as alternatives ("Generator
            # or Mine"); {empty} is the word the player types for an empty display.
            taken = msg(
                "Which Blueprint does he take: the fuller row's leftmost Blueprint of "
                "a {types} type (if none is shown, the fuller row's leftmost "
                "Blueprint)? ({empty} if the display is empty)",
                types=types,
                empty=_EMPTY,
            )
        return _TakenCard(
            text=taken,
            # Translators: {example} and {answer} are Blueprints as the player types
            # them ("greenhouse L3": a Level 3 Greenhouse).
            hint=msg(
                "The two rows of Blueprint cards in Orbit: take the row holding more "
                "cards (the bottom row if equal) and its leftmost card he may take. "
                "Name it by type and level, e.g. {example}. Example: both rows hold 3 "
                "cards and the card he takes from the bottom row is a Level 1 Mine: "
                "{answer}.",
                example=_card_word(BuildingType.GREENHOUSE, 3),
                answer=_card_word(BuildingType.MINE, 1),
            ),
            scored=scored,
        )
    if tracked is not None and not tracked.lacerda_scientists:
        return YesNo(
            text=msg("Is any Blueprint on the display?"),
            yes=Display.OTHERS,
            no=Display.EMPTY,
            hint=msg(
                "The two rows of Blueprint cards in Orbit. Example: one card is left "
                "in the top row: yes."
            ),
        )
    scientist = (
        tracked.lacerda_scientists[0]
        if tracked is not None and tracked.lacerda_scientists
        else Scientist.HYDROLOGIST
    )
    scores = scored_type(scientist)
    asked = msg("Is a Blueprint of a type his Scientists score on the display?")
    if types is not None:
        # Translators: {types} names building types as alternatives ("Generator or
        # Mine").
        asked = msg("Is a Blueprint of a {types} type on the display?", types=types)
    return Pick(
        text=asked,
        choices=(
            ("yes", Display.SCORED),
            ("others", Display.OTHERS),
            ("empty", Display.EMPTY),
        ),
        hint=sentences(
            # Translators: {yes}, {others} and {empty} are the words the player types.
            msg(
                "The two rows of Blueprint cards in Orbit: {yes} if one is of such a "
                "type, {others} if none is, {empty} if the display holds no card. He "
                "prefers a Blueprint his Scientists score.",
                yes=msg_c("answer", "yes"),
                others=_OTHERS,
                empty=_EMPTY,
            ),
            SCIENTISTS,
            # Translators: {buildings} is a building type in the plural
            # ("Greenhouses"), {building} the same type ("Greenhouse"); {yes} is
            # the word the player types.
            msg(
                "Example: a Scientist of his scores {buildings} and a Level 1 "
                "{building} is shown: {yes}.",
                buildings=buildings_name(scores),
                building=building_name(scores),
                yes=msg_c("answer", "yes"),
            ),
        ),
    )


@ASKS.asks(q.HasFreeMarker)
def _free_marker(query: q.HasFreeMarker, words: Wording) -> Shape:
    return yes(
        msg("Does Lacerda have a free Advanced Building marker?"),
        msg(
            "His markers not yet on a Blueprint or a building, on his player board. "
            "Example: two markers still sit on his board: yes."
        ),
    )


@ASKS.asks(q.HasScientist)
def _has_scientist(query: q.HasScientist, words: Wording) -> Shape:
    return yes(
        msg("Does Lacerda have a Scientist?"),
        msg(
            "Scientist cards in front of him. Example: a Geologist card lies in front "
            "of him: yes."
        ),
    )


@ASKS.asks(q.ObtainedPickupCrystals)
def _pickup(query: q.ObtainedPickupCrystals, words: Wording) -> Shape:
    return count(
        msg("How many Crystals does that Blueprint give on pickup? (0 for a Resource)"),
        0,
        9,
        msg(
            "The pickup symbol on the card: he keeps Crystals, and a Resource is "
            "lost. Example: the symbol shows 2 Crystals: 2."
        ),
    )


@ASKS.asks(q.LabEntryFree)
def _entry_free(query: q.LabEntryFree, words: Wording) -> Shape:
    return yes(
        msg("Is a space of the first column of Lacerda's Lab empty?"),
        msg(
            "A new Tech tile goes on the topmost empty space of his Lab's first "
            "(leftmost) column. Example: both spaces of that column hold a tile: no."
        ),
    )


@ASKS.asks(q.CheapestTechTiles)
def _cheapest(query: q.CheapestTechTiles, words: Wording) -> Shape:
    return Labels(
        text=msg(
            "On the Tech grid, of the tiles of a type he does not have, how many are "
            "both the cheapest and the leftmost? (0 if none is of a type he lacks)"
        ),
        prefix="tile",
        low=0,
        high=12,
        hint=sentences(
            msg(
                "Cheapest = lowest cost rank on the Tech grid; among equal cost, the "
                "leftmost column."
            ),
            _his_techs(words),
            msg(
                "If tiles in different rows tie, number them from the top row. "
                "Example: one such tile in the cheapest column: 1."
            ),
        ),
    )


@ASKS.asks(q.TechTileType)
def _tile_type(query: q.TechTileType, words: Wording) -> Shape:
    choices = tuple((t.value.replace("_", " "), t) for t in _lacking(words))
    hint = msg("The building or symbol shown on the tile he takes.")
    if choices:
        tech = choices[0][1]
        # Translators: {tech} is a Tech's name ("Water Extractor"), {word} the
        # word the player types for it.
        hint = msg(
            "The building or symbol shown on the tile he takes. Example: the tile "
            "shows the {tech} Tech: {word}.",
            tech=tech_name(tech),
            word=tech_word(tech),
        )
    return Pick(text=msg("Which Tech is that tile?"), choices=choices, hint=hint)


@ASKS.asks(q.LearnedSpaceGains)
def _entry_gains(query: q.LearnedSpaceGains, words: Wording) -> Shape:
    return Gains(text=msg("What does that Lab space give him?"), hint=_LAB_SPACE)


@ASKS.asks(q.CanAdvanceAny)
def _advance_any(query: q.CanAdvanceAny, words: Wording) -> Shape:
    return yes(
        msg("Is a space to the right of any of Lacerda's Tech tiles empty?"),
        sentences(
            _MOVES,
            msg("Example: his only tile has both spaces to its right taken: no."),
        ),
    )


@ASKS.asks(q.CanAdvanceOther)
def _advance_other(query: q.CanAdvanceOther[Described], words: Wording) -> Shape:
    return yes(
        msg(
            "Is a space to the right of one of his Tech tiles other than the one the "
            "previous step developed empty?"
        ),
        sentences(
            _PREVIOUS_STEP,
            _MOVES,
            msg(
                "Example: it developed his Mine Tech, and another tile of his touches "
                "an empty space to its right: yes."
            ),
        ),
    )


@ASKS.asks(q.CanAdvanceAgain)
def _advance_again(query: q.CanAdvanceAgain[Described], words: Wording) -> Shape:
    return yes(
        msg(
            "Is a space to the right of the Tech tile the previous step developed "
            "empty?"
        ),
        sentences(
            _PREVIOUS_STEP,
            _MOVES,
            msg("Example: it moved that tile into his Lab's last column: no."),
        ),
    )


@ASKS.asks(q.HasTech)
def _has_tech(query: q.HasTech, words: Wording) -> Shape:
    tech = tech_name(query.tech)
    return yes(
        # Translators: {tech} is a Tech's name ("Water Extractor").
        msg("Does Lacerda have a {tech} Tech?", tech=tech),
        msg(
            "A tile in his Lab. Example: his {tech} Tech tile stands on a space of his "
            "Lab: yes.",
            tech=tech,
        ),
    )


@ASKS.asks(q.CanAdvanceTech)
def _advance_tech(query: q.CanAdvanceTech, words: Wording) -> Shape:
    tech = tech_name(query.tech)
    return yes(
        # Translators: {tech} is a Tech's name ("Water Extractor").
        msg("Is a space to the right of his {tech} Tech empty?", tech=tech),
        sentences(
            _MOVES,
            msg("Example: his {tech} tile is in the last column: no.", tech=tech),
        ),
    )


@final
@attrs.frozen(kw_only=True)
class _EnteredSpace:
    """R-ORBIT-6: which empty space his tile enters, or that two tie, by word.

    Each choice is a word and the spaces it means (one, or two tied); *shows*
    is what the companion knows each one-space word's space gives. A source
    that reads a board may give the space, or only how many tie: then the
    word whose space gives what he gains next (*lookahead*), else the first
    word meaning as many spaces, answers.
    """

    text: Text
    hint: Text
    choices: tuple[tuple[str, tuple[str, ...]], ...]
    shows: tuple[tuple[str, tuple[Gain, ...]], ...] = ()
    lookahead: ClassVar[type[Query[Any]] | None] = q.DevelopedSpaceGains

    def read(self, ask: Ask, key: str) -> tuple[str, ...]:
        """Ask it: a pick among the words (:class:`~lacerda_bot.table._engine.shapes.Pick`)."""
        return Pick(text=self.text, choices=self.choices, hint=self.hint).read(ask, key)

    def answers(
        self, value: tuple[str, ...], ahead: object = None
    ) -> tuple[Answer, ...]:
        """The word meaning *value*, or the one whose space gives *ahead*, or alike."""
        same = [w for w, spaces in self.choices if spaces == value]
        gives = [w for w, g in self.shows if len(value) == 1 and g == ahead]
        alike = [w for w, spaces in self.choices if len(spaces) == len(value)]
        if len(gives) == 1:
            alike = gives  # the only space giving what he gains next
        return ((same or alike)[0],)


_ENTERS: Final = msg(
    "He prefers a space whose gain he can carry out now over one whose gain he "
    "cannot and over a blank one; if he can carry out both, one that gives at "
    "least as much of everything the other gives, and more of something, wins; "
    "otherwise they are equal and he draws for it (top first)."
)


@ASKS.asks(q.DevelopSpaces)
def _develop_spaces(query: q.DevelopSpaces[Described], words: Wording) -> Shape:
    tech = query.tech
    tracked = words.tracked
    own = (
        tracked.tech(tech)
        if tracked is not None and isinstance(tech, TechType)
        else None
    )
    if tracked is None or own is None:
        return _EnteredSpace(
            # Translators: {one} and {equal} are the words the player types.
            text=msg(
                "Where does that Tech tile go? {one}: a single space to its right is "
                "empty, or one of two gives him more; {equal}: two empty spaces are "
                "as good for him",
                one=_ONE,
                equal=_EQUAL,
            ),
            hint=sentences(
                _MOVES,
                _ENTERS,
                # Translators: {one} is the word the player types.
                msg(
                    "Example: the spaces to its right are both empty, the top one "
                    "gives 2 Crystals and the bottom one is blank: {one} (the top "
                    "one).",
                    one=_ONE,
                ),
            ),
            choices=(("one", ("space",)), ("equal", ("top", "bottom"))),
        )
    lab = tracked.lab_spaces
    free = free_ahead(lab, own.space)
    known = [tracked.space_gains(s.id) for s in free]
    upper, lower = free[0], free[-1]
    size = sum(1 for s in lab if s.column == upper.column)
    words_of = (place(upper.position, size), place(lower.position, size))
    first, second = (
        (words_of[0], words_of[1])
        if words_of[0] and words_of[1] and words_of[0] != words_of[1]
        else ("upper", "lower")
    )
    said_first, said_second = _PLACE_WORDS[first], _PLACE_WORDS[second]
    return _EnteredSpace(
        # Translators: {first} and {second} are the words the player types for the
        # two spaces (top, middle, bottom, upper, lower); {first_shown} and
        # {second_shown} are the same words, each followed by what its space shows
        # if known ("top (crystals 2)"); {equal} is a word the player types too.
        text=msg(
            "Both spaces to the right of his {tech} Tech are empty, the {first} and "
            "the {second} space of column {column}: which helps him more? "
            "{first_shown}, {second_shown}, or {equal}",
            tech=tech_name(own.tech),
            first=said_first,
            second=said_second,
            column=upper.column,
            first_shown=_shown(said_first, known[0]),
            second_shown=_shown(said_second, known[-1]),
            equal=_EQUAL,
        ),
        hint=sentences(
            _ENTERS,
            # Translators: {first} and {second} are the words the player types for
            # the two spaces (top, middle, bottom, upper, lower).
            msg(
                "Look at what each space shows. Example: the {first} one shows 2 "
                "Crystals and the {second} one a Blueprint, and no Blueprint is on "
                "the display: {first}.",
                first=said_first,
                second=said_second,
            ),
        ),
        choices=(
            (first, (upper.id,)),
            (second, (lower.id,)),
            ("equal", (upper.id, lower.id)),
        ),
        shows=tuple(
            (word, g)
            for word, g in zip((first, second), (known[0], known[-1]), strict=True)
            if g is not None
        ),
    )


def _shown(space: Message, gains: tuple[Gain, ...] | None) -> Message:
    """A space's word, with what it shows in brackets if the companion knows it.

    >>> str(_shown(msg_c("answer", "top"), ()))
    'top (blank)'
    """
    if gains is None:
        return space
    # Translators: what a Lab space shows when it gives nothing.
    blank = msg("blank")
    # Translators: a space as the player types it, then what it shows as benefits
    # are typed: "top (crystals 2, tech)", "bottom (blank)".
    return msg("{space} ({shows})", space=space, shows=typed_gains(gains) or blank)


@ASKS.asks(q.DevelopedSpaceGains)
def _developed_gains(query: q.DevelopedSpaceGains, words: Wording) -> Shape:
    return Gains(
        text=msg("What does the Lab space it entered give him?"), hint=_LAB_SPACE
    )


def _unused(words: Wording) -> tuple[Card, ...]:
    tracked = words.tracked
    if tracked is None:
        return ()
    return tuple(dict.fromkeys(tracked.unused()))


_ELIGIBLE: Final = msg(
    "Eligible: a building of the Blueprint's type, not yet upgraded (Shelters only "
    "his own); a Level 3 Blueprint needs one in a Complex of 3 or more."
)


@ASKS.asks(q.UpgradeBlueprints)
def _upgrade_tie(query: q.UpgradeBlueprints, words: Wording) -> Shape:
    cards = _unused(words)
    if len(cards) > 1:
        card = _card_word(cards[0].building, cards[0].level)
        return _UsedCard(
            # Translators: {none} and {several} are the words the player types.
            text=msg(
                "Which of his Blueprints does he use? He prefers one with an eligible "
                "building of a type his Scientists score, then Level 3 ({none} if no "
                "Blueprint of his has an eligible building; {several} if types tie)",
                none=_NONE,
                several=_SEVERAL,
            ),
            hint=sentences(
                _ELIGIBLE,
                # Translators: {card} is a Blueprint as the player types it
                # ("greenhouse L3": a Level 3 Greenhouse).
                msg(
                    "Example: only his {card} Blueprint has an eligible building: "
                    "{card}.",
                    card=card,
                ),
            ),
            cards=tuple(c.label for c in cards),
        )
    if len(cards) == 1:
        return YesNo(
            # Translators: {card} is a Blueprint as the player types it
            # ("greenhouse L3": a Level 3 Greenhouse).
            text=msg(
                "Has his {card} Blueprint an eligible building?",
                card=_card_word(cards[0].building, cards[0].level),
            ),
            yes=("option",),
            no=(),
            hint=sentences(
                _ELIGIBLE,
                msg("Example: every building of its type is already upgraded: no."),
            ),
        )
    return Labels(
        text=msg(
            "Of his unused Blueprints that have an eligible building, he prefers a "
            "type his Scientists score, then Level 3: how many building types tie? "
            "(0 if none has an eligible building)"
        ),
        prefix="Blueprint type",
        low=0,
        high=6,
        hint=sentences(
            _ELIGIBLE,
            msg(
                "Blueprints of the same type and level count once. Number the tied "
                "ones as they lie in front of him. Example: only his Level 3 "
                "Greenhouse Blueprint has an eligible building: 1."
            ),
        ),
    )


@ASKS.asks(q.UsedBlueprint)
def _used_card(query: q.UsedBlueprint, words: Wording) -> Shape:
    cards = _unused(words)
    choices = tuple((c.label, (c.building, c.level)) for c in cards) or _CARDS
    _, (building, level) = choices[0]
    return Pick(
        text=msg("Which of his Blueprints did he use?"),
        choices=choices,
        # Translators: {building} is a building type ("Greenhouse"); {word} is the
        # Blueprint as the player types it ("greenhouse L3").
        hint=msg(
            "The Blueprint the tie-break chose, by type and level. Example: it chose "
            "his Level {level} {building} Blueprint: {word}.",
            level=level,
            building=building_name(building),
            word=_card_word(building, level),
        ),
    )


@ASKS.asks(q.EligibleBuildings)
def _eligible(query: q.EligibleBuildings, words: Wording) -> Shape:
    return Labels(
        text=msg("How many buildings are eligible for that Blueprint?"),
        prefix="building",
        # Translators: {order} is the order to number hexes in: "row by row from
        # the top, left to right in each row".
        hint=msg(
            "Buildings of its type not yet upgraded (his own Shelters only); for a "
            "Level 3 Blueprint, in a Complex of 3 or more. Number them {order}. "
            "Example: a Level 1 Blueprint, and three buildings of its type on Mars, "
            "one already upgraded: 2.",
            order=HEX_ORDER,
        ),
    )


@ASKS.asks(q.UpgradeCapacity)
def _capacity(query: q.UpgradeCapacity, words: Wording) -> Shape:
    asked = msg(
        "How many buildings may he upgrade per action with your Upgrade Tech? (1 "
        "without one)"
    )
    if query.owner is Owner.LACERDA:
        asked = msg(
            "How many buildings may he upgrade per action with his own Upgrade Tech? "
            "(1 without one)"
        )
    return count(
        asked,
        1,
        9,
        msg(
            "The number the Upgrade Tech's level allows, as printed on its tile. "
            "Example: the tile shows 2 at the level it has reached: 2."
        ),
    )


@ASKS.asks(q.ScientistCount)
def _scientist_count(query: q.ScientistCount, words: Wording) -> Shape:
    return count(
        msg("How many Scientists does Lacerda have?"),
        0,
        2,
        msg("Scientist cards in front of him. Example: one Scientist card there: 1."),
    )


@ASKS.asks(q.BestScientists)
def _best_scientists(query: q.BestScientists, words: Wording) -> Shape:
    tracked = words.tracked
    held: Text = ""
    if tracked is not None and tracked.cards:
        cards = _commas([building_name(c.building) for c in tracked.cards])
        # Translators: {cards} lists the building types of his Blueprints: "Mine,
        # Greenhouse".
        held = msg("His Blueprints: {cards}.", cards=cards)
    return Labels(
        text=msg(
            "How many display Scientists tie for the highest potential? (0 if no "
            "Scientist is on display)"
        ),
        prefix="Scientist",
        low=0,
        high=6,
        hint=sentences(
            msg(
                "Potential = 3 x the Blueprints of the type the Scientist scores held "
                "by you and him together, used or not."
            ),
            held,
            SCIENTISTS,
            msg(
                "Number ties by display slot. Example: a Geologist and a Hydrologist "
                "on display, and you and he hold 2 Generator Blueprints and 1 "
                "Greenhouse: 1."
            ),
        ),
    )


@ASKS.asks(q.ChosenScientist)
def _chosen_scientist(query: q.ChosenScientist, words: Wording) -> Shape:
    tracked = words.tracked
    his = () if tracked is None else tracked.lacerda_scientists
    choices = tuple((s.value.replace("_", " "), s) for s in Scientist if s not in his)
    _, first = choices[0]
    return Pick(
        text=msg("Which Scientist is that?"),
        choices=choices,
        hint=sentences(
            SCIENTISTS,
            # Translators: {buildings} is a building type in the plural
            # ("Greenhouses"); {word} is the Scientist as the player types it.
            msg(
                "Example: the card scores {buildings}: {word}.",
                buildings=buildings_name(scored_type(first)),
                word=_SCIENTIST_WORDS[first],
            ),
        ),
    )


@ASKS.asks(q.BestContracts)
def _best_contracts(query: q.BestContracts, words: Wording) -> Shape:
    return Labels(
        text=msg(
            "How many display Contracts tie for the most OP when completed? (0 if "
            "no Contract is on display)"
        ),
        prefix="Contract",
        low=0,
        high=6,
        hint=msg(
            "Upgrade Contracts are worth 12, Delivery Contracts 9. Number ties by "
            "display slot. Example: two Upgrade Contracts and one Delivery Contract "
            "on display: 2."
        ),
    )


@ASKS.asks(q.ContractKindOf)
def _contract_kind(query: q.ContractKindOf, words: Wording) -> Shape:
    return Pick(
        text=msg("Is that Contract an Upgrade or a Delivery Contract?"),
        choices=(
            ("upgrade", ContractKind.UPGRADE),
            ("delivery", ContractKind.DELIVERY),
        ),
        # Translators: {upgrade} is the word the player types for an Upgrade
        # Contract.
        hint=msg(
            "Upgrade Contracts show a building type, Delivery Contracts items. "
            "Example: the Contract shows a Greenhouse: {upgrade}.",
            upgrade=msg_c("answer", "upgrade"),
        ),
    )


_CARDS: Final = tuple(
    (f"{b.value.replace('_', ' ')} L{level}", (b, level))
    for b in BuildingType
    for level in (1, 3)
)


@ASKS.asks(q.ObtainedBlueprint)
def _obtained(query: q.ObtainedBlueprint, words: Wording) -> Shape:
    return Pick(
        text=msg("Which Blueprint did he take?"),
        choices=_CARDS,
        # Translators: {example} and {answer} are Blueprints as the player types
        # them ("greenhouse L3": a Level 3 Greenhouse).
        hint=msg(
            "Its building type and level, e.g. {example} for a Level 3 Greenhouse. "
            "Example: he took a Level 1 Mine Blueprint: {answer}.",
            example=_card_word(BuildingType.GREENHOUSE, 3),
            answer=_card_word(BuildingType.MINE, 1),
        ),
    )
