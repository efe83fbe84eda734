"""Lacerda's private bot state (R-SETUP-1) and its redacted view (R-DECK-5)."""

from collections.abc import Callable
from typing import Any, Final, final

import attrs

from lacerda_bot._deck import MAX_SEED, SOLO_CARDS, card_by_id, check_seed, shuffled
from lacerda_bot._validate import is_instance, is_int
from lacerda_bot.errors import InvalidHostStateError, InvalidValueError
from lacerda_bot.model import BUILDING_SEQUENCE, BuildingType
from lacerda_bot.options import Options

__all__ = [
    "BotState",
    "BotView",
    "Turned",
    "WorkingBot",
    "drawn",
    "new_bot",
    "redacted",
]


_CARD_IDS = frozenset(c.id for c in SOLO_CARDS)
_ALL_CARDS = tuple(sorted(_CARD_IDS))
_INT: Final = frozenset({int})


def _card_ids(
    _: object, attribute: "attrs.Attribute[tuple[int, ...]]", value: object
) -> None:
    if (
        type(value) is tuple
        and _CARD_IDS.issuperset(value)
        and _INT.issuperset(map(type, value))
    ):
        return  # the common case, tested in C; the loop below names a refused item
    if not isinstance(value, tuple):
        raise InvalidValueError(attribute.name, "a tuple of card ids", value)
    for i, card_id in enumerate(value):
        if isinstance(card_id, bool) or card_id not in _CARD_IDS:
            raise InvalidValueError(
                f"{attribute.name}[{i}]", "a card id from 1 to 12", card_id
            )


def _pointer(
    _: object, attribute: "attrs.Attribute[BuildingType]", value: object
) -> None:
    if value not in BUILDING_SEQUENCE:
        raise InvalidValueError(
            attribute.name, "a building type of the sequence T2", value
        )


@final
@attrs.frozen(kw_only=True)
class BotState:
    """Everything the library owns between calls (R-SETUP-1, R-DECK-6).

    Draw pile + discard pile + the card of the turn in progress are always the
    12 cards of T1, each once (R-DECK-4). Between calls no card is in progress:
    it goes to the discard pile when the turn ends (R-DECK-3).
    """

    seed: int
    """The game's seed (R-DECK-1)."""
    events: int = 0
    """How many random events have been used; the next one is number ``events``."""
    draw_pile: tuple[int, ...]
    """Card ids still to reveal, top first."""
    discard_pile: tuple[int, ...] = ()
    """Card ids discarded, oldest first (the last one is the top)."""
    pass_count: int = 1
    """Passes through the deck: 1 until the first reshuffle (R-DECK-2)."""
    pointer: BuildingType = BuildingType.MINE
    """The Progress-area Bot's place in the building sequence T2 (R-BUILD-1)."""
    last_card: int | None = None
    """The most recent card's id, or ``None`` before his first turn (R-DECK-3)."""
    current_card: int | None = None
    """The card of the turn in progress: set only inside ``take_turn`` (R-DECK-3)."""
    options: Options = attrs.field(factory=Options)
    """The options pinned at creation (R-SETUP-6)."""

    def __attrs_post_init__(self) -> None:
        """Check every field, and R-DECK-4: the two piles hold the 12 cards, each once.

        One pass of C-level tests accepts a valid state; only a state it
        refuses is checked field by field, in order, to name what is wrong.
        """
        if not _looks_valid(self):
            _check_fields(self)


_ALL_CARD_LIST: Final = list(_ALL_CARDS)


def _looks_valid(bot: BotState) -> bool:
    """Whether every check of :func:`_check_fields` passes, tested in C (no message)."""
    given: Any = bot  # an untyped caller may have put anything in any field
    seed, events, passes = given.seed, given.events, given.pass_count
    draw, discard = given.draw_pile, given.discard_pile
    current, last = given.current_card, given.last_card
    if not (
        type(seed) is int
        and 0 <= seed < MAX_SEED
        and type(events) is int
        and events >= 0
        and type(passes) is int
        and passes >= 1
        and type(draw) is tuple
        and type(discard) is tuple
        and type(given.options) is Options
        and given.pointer in BUILDING_SEQUENCE
        and (last is None or (type(last) is int and last in _CARD_IDS))
    ):
        return False
    cards = draw + discard if current is None else (*draw, *discard, current)
    return _INT.issuperset(map(type, cards)) and sorted(cards) == _ALL_CARD_LIST


def _check_fields(bot: BotState) -> None:
    """Check each field of *bot* in order, then R-DECK-4; raise naming the first refused.

    Raises:
        InvalidValueError: a field is not what it must be, or the cards are not
            the 12 cards each once.
    """
    fields = attrs.fields(BotState)
    check_seed(bot.seed)
    is_int(0)(bot, fields.events, bot.events)
    _card_ids(bot, fields.draw_pile, bot.draw_pile)
    _card_ids(bot, fields.discard_pile, bot.discard_pile)
    is_int(1)(bot, fields.pass_count, bot.pass_count)
    _pointer(bot, fields.pointer, bot.pointer)
    is_instance(Options)(bot, fields.options, bot.options)
    for name in ("last_card", "current_card"):
        card = getattr(bot, name)
        if card is not None and (type(card) is not int or card not in _CARD_IDS):
            raise InvalidValueError(name, "a card id from 1 to 12, or none", card)
    _check_deck(bot)


def _check_deck(bot: BotState) -> None:
    """R-DECK-4: the piles and the card in progress are the 12 cards, each once.

    A card held twice is named where it is the second time, with the place
    that holds it first (``discard_pile[0]``, as ``draw_pile[3]`` does).
    """
    held = () if bot.current_card is None else (bot.current_card,)
    cards = bot.draw_pile + bot.discard_pile + held
    if tuple(sorted(cards)) == _ALL_CARDS:
        return
    places = [f"draw_pile[{i}]" for i in range(len(bot.draw_pile))]
    places += [f"discard_pile[{i}]" for i in range(len(bot.discard_pile))]
    places += ["current_card"] * len(held)
    first: dict[int, str] = {}
    for place, card in zip(places, cards, strict=True):
        where = first.setdefault(card, place)
        if where != place:
            raise InvalidValueError(
                place, f"a card held nowhere else ({where} holds it too)", card
            )
    missing = ", ".join(str(c) for c in _ALL_CARDS if c not in first)
    raise InvalidValueError(
        "draw_pile + discard_pile + current_card",
        f"the 12 card ids, each once ({missing} missing)",
        sorted(cards),
    )


Turned = Callable[[tuple[int, ...], bool], int]
"""Which card a reveal turns up, given the draw pile and whether it was just reshuffled."""


def drawn(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    """*pile* without *card*, which it must hold (R-DECK-4).

    Raises:
        InvalidHostStateError: *card* is not in *pile*.
    """
    if card not in pile:
        faces = ", ".join(sorted({card_by_id(c).face for c in pile}))
        raise InvalidHostStateError(
            "revealed_card", f"a card of his draw pile ({faces})", card
        )
    at = pile.index(card)
    return pile[:at] + pile[at + 1 :]


class WorkingBot:
    """The bot state of one call in progress: mutable, private to the call.

    The rules move it only by moves that keep every check of :class:`BotState`
    by construction: a card from the top of the draw pile into play, the card
    in play onto the discard pile, the cards of a tie-break round shuffled
    back, the random-event counter up by one, the pointer along T2 (R-DECK-2..4,
    R-TIE-4, R-BUILD-1). :meth:`state` then builds the :class:`BotState` once,
    through its constructor and every check; a call that moved nothing gives
    back the very state it started from.
    """

    __slots__ = (
        "_start",
        "current_card",
        "discard_pile",
        "draw_pile",
        "events",
        "last_card",
        "options",
        "pass_count",
        "pointer",
        "seed",
    )

    def __init__(self, bot: BotState) -> None:
        """Start from *bot*, a checked state between or inside calls."""
        self._start: BotState | None = bot
        self.seed: Final = bot.seed
        self.options: Final = bot.options
        self.events = bot.events
        self.draw_pile = bot.draw_pile
        self.discard_pile = bot.discard_pile
        self.pass_count = bot.pass_count
        self.pointer = bot.pointer
        self.last_card = bot.last_card
        self.current_card = bot.current_card

    def next_event(self) -> int:
        """The number of the next random event, used up (R-DECK-1)."""
        self._start = None
        event = self.events
        self.events = event + 1
        return event

    def point(self, pointer: BuildingType) -> None:
        """Move the Progress-area Bot to *pointer* (R-BUILD-1, R-TO-5)."""
        if pointer is not self.pointer:
            self._start = None
            self.pointer = pointer

    def deal(
        self, draw_pile: tuple[int, ...], discard_pile: tuple[int, ...], passes: int
    ) -> None:
        """Set both piles and the pass count after a reshuffle (R-DECK-2, R-TIE-3..4)."""
        self._start = None
        self.draw_pile, self.discard_pile = draw_pile, discard_pile
        self.pass_count = passes

    def reveal(self, turned: Turned | None = None) -> tuple[int, bool]:
        """R-DECK-2: reshuffle an empty draw pile (pass + 1), then reveal a card.

        The top card, or with *turned* the card it names among the draw pile's
        (the player's own deck, ``solo_deck = physical``). Returns the card id,
        now in progress (R-DECK-3), and whether the discard pile was reshuffled.

        Raises:
            InvalidValueError: a card is in progress already.
            InvalidHostStateError: *turned* names a card not in the draw pile.
        """
        if self.current_card is not None:
            raise InvalidValueError(
                "bot.current_card", "None between turns", self.current_card
            )
        self._start = None
        reshuffled = not self.draw_pile
        if reshuffled:
            pile = shuffled(self.discard_pile, seed=self.seed, event=self.next_event())
            self.deal(pile, (), self.pass_count + 1)
        card = (
            self.draw_pile[0] if turned is None else turned(self.draw_pile, reshuffled)
        )
        self.draw_pile, self.current_card = drawn(self.draw_pile, card), card
        return card, reshuffled

    def discard(self) -> None:
        """R-DECK-3: the card in progress goes on the discard pile and is the most recent.

        Raises:
            InvalidValueError: no card is in progress.
        """
        card = self.current_card
        if card is None:
            raise InvalidValueError("bot.current_card", "a card in progress", None)
        self._start = None
        self.discard_pile = (*self.discard_pile, card)
        self.current_card, self.last_card = None, card

    def state(self) -> BotState:
        """The bot state it holds, checked (the one it started from if nothing moved)."""
        if self._start is not None:
            return self._start
        self._start = BotState(
            seed=self.seed,
            events=self.events,
            draw_pile=self.draw_pile,
            discard_pile=self.discard_pile,
            pass_count=self.pass_count,
            pointer=self.pointer,
            last_card=self.last_card,
            current_card=self.current_card,
            options=self.options,
        )
        return self._start


def new_bot(seed: int, options: Options | None = None) -> BotState:
    """Create Lacerda's bot state (R-SETUP-6).

    The 12 card ids, in ascending order, are shuffled with random event 0
    (R-DECK-1); the pass count is 1, the pointer on Mine, no card is recent.

    >>> new_bot(0).draw_pile[:3]
    (7, 4, 9)
    """
    seed = check_seed(seed)
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        raise InvalidValueError("options", "an Options value", options)
    pile = shuffled([c.id for c in SOLO_CARDS], seed=seed, event=0)
    return BotState(seed=seed, events=1, draw_pile=pile, options=options)


@final
@attrs.frozen(kw_only=True)
class BotView:
    """What a player at the table may see of the bot (R-DECK-5): no draw order."""

    discard_pile: tuple[int, ...]
    """Card ids discarded, oldest first."""
    draw_pile_size: int
    pass_count: int
    pointer: BuildingType
    last_card: int | None
    options: Options


def redacted(bot: BotState) -> BotView:
    """The redacted view of *bot*: everything but the order of the draw pile (R-DECK-5)."""
    return BotView(
        discard_pile=bot.discard_pile,
        draw_pile_size=len(bot.draw_pile),
        pass_count=bot.pass_count,
        pointer=bot.pointer,
        last_card=bot.last_card,
        options=bot.options,
    )
