"""Lacerda's private bot state (R-SETUP-1) and its redacted view (R-DECK-5)."""

from typing import Any, Final, final

import attrs

from lacerda_bot._deck import SOLO_CARDS, card_by_id, check_seed, shuffled
from lacerda_bot._validate import is_instance, is_int
from lacerda_bot.errors import InvalidValueError
from lacerda_bot.model import BUILDING_SEQUENCE, BuildingType
from lacerda_bot.options import Options

__all__ = [
    "BotState",
    "BotView",
    "discard_card",
    "moved",
    "new_bot",
    "redacted",
    "reveal_card",
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


def _seed(_: object, attribute: "attrs.Attribute[int]", value: object) -> None:
    check_seed(value)


@final
@attrs.frozen(kw_only=True)
class BotState:
    """Everything the library owns between calls (R-SETUP-1, R-DECK-6).

    Draw pile + discard pile + the card of the turn in progress are always the
    12 cards of T1, each once (R-DECK-4). Between calls no card is in progress:
    it goes to the discard pile when the turn ends (R-DECK-3).
    """

    seed: int = attrs.field(validator=_seed)
    """The game's seed (R-DECK-1)."""
    events: int = attrs.field(default=0, validator=is_int(0))
    """How many random events have been used; the next one is number ``events``."""
    draw_pile: tuple[int, ...] = attrs.field(validator=_card_ids)
    """Card ids still to reveal, top first."""
    discard_pile: tuple[int, ...] = attrs.field(default=(), validator=_card_ids)
    """Card ids discarded, oldest first (the last one is the top)."""
    pass_count: int = attrs.field(default=1, validator=is_int(1))
    """Passes through the deck: 1 until the first reshuffle (R-DECK-2)."""
    pointer: BuildingType = attrs.field(default=BuildingType.MINE, validator=_pointer)
    """The Progress-area Bot's place in the building sequence T2 (R-BUILD-1)."""
    last_card: int | None = attrs.field(default=None)
    """The most recent card's id, or ``None`` before his first turn (R-DECK-3)."""
    current_card: int | None = attrs.field(default=None)
    """The card of the turn in progress: set only inside ``take_turn`` (R-DECK-3)."""
    options: Options = attrs.field(factory=Options, validator=is_instance(Options))
    """The options pinned at creation (R-SETUP-6)."""

    def __attrs_post_init__(self) -> None:
        """Check R-DECK-4: the two piles hold the 12 cards, each once."""
        held = () if self.current_card is None else (card_by_id(self.current_card).id,)
        if self.last_card is not None:
            card_by_id(self.last_card)
        cards = sorted(self.draw_pile + self.discard_pile + held)
        if tuple(cards) != _ALL_CARDS:
            raise InvalidValueError(
                "draw_pile + discard_pile + current_card",
                "the 12 card ids, each once",
                cards,
            )


_KEEP: Final[Any] = object()
"""The default of :func:`moved`'s arguments: keep the field as it is."""


def _slot_setter(name: str) -> Any:
    """The slot descriptor's setter of field *name* (it bypasses the frozen guard)."""
    return BotState.__dict__[name].__set__


_SEED: Final = _slot_setter("seed")
_EVENTS: Final = _slot_setter("events")
_DRAW: Final = _slot_setter("draw_pile")
_DISCARD: Final = _slot_setter("discard_pile")
_PASSES: Final = _slot_setter("pass_count")
_POINTER: Final = _slot_setter("pointer")
_LAST: Final = _slot_setter("last_card")
_CURRENT: Final = _slot_setter("current_card")
_OPTIONS: Final = _slot_setter("options")
_NEW: Final = object.__new__


def moved(
    bot: BotState,
    *,
    events: int = _KEEP,
    draw_pile: tuple[int, ...] = _KEEP,
    discard_pile: tuple[int, ...] = _KEEP,
    pass_count: int = _KEEP,
    pointer: BuildingType = _KEEP,
    last_card: int | None = _KEEP,
    current_card: int | None = _KEEP,
) -> BotState:
    """A copy of *bot* with the fields given, unchecked: only for the rules' own moves.

    The rules change a checked bot state only by moves that keep every check
    by construction: a card from the top of the draw pile into play, the card
    in play onto the discard pile, the cards of a tie-break round shuffled
    back, the random-event counter up by one, the pointer to the next building
    of T2 (R-DECK-2..4, R-TIE-4, R-BUILD-1). Re-checking each copy cost
    about 4 us, some 3 times a turn, and ``attrs.evolve`` about 3 us; this copy
    writes the nine slots directly (about 0.5 us). A property test checks that
    every such move gives a bot state the checks accept, and another that the
    parameters are the fields (the seed and the options never move). No value
    is checked; a name that is not a parameter raises TypeError.
    """
    new: BotState = _NEW(BotState)
    _SEED(new, bot.seed)
    _EVENTS(new, bot.events if events is _KEEP else events)
    _DRAW(new, bot.draw_pile if draw_pile is _KEEP else draw_pile)
    _DISCARD(new, bot.discard_pile if discard_pile is _KEEP else discard_pile)
    _PASSES(new, bot.pass_count if pass_count is _KEEP else pass_count)
    _POINTER(new, bot.pointer if pointer is _KEEP else pointer)
    _LAST(new, bot.last_card if last_card is _KEEP else last_card)
    _CURRENT(new, bot.current_card if current_card is _KEEP else current_card)
    _OPTIONS(new, bot.options)
    return new


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


def reveal_card(bot: BotState) -> tuple[BotState, int, bool]:
    """R-DECK-2: reshuffle an empty draw pile (pass + 1), then reveal the top card.

    Returns the bot with the card in progress (R-DECK-3), the card id and
    whether the discard pile was reshuffled.

    >>> bot, card, reshuffled = reveal_card(new_bot(0))
    >>> card, bot.current_card, len(bot.draw_pile), reshuffled
    (7, 7, 11, False)
    """
    if bot.current_card is not None:
        raise InvalidValueError(
            "bot.current_card", "None between turns", bot.current_card
        )
    reshuffled = not bot.draw_pile
    if reshuffled:
        pile = shuffled(bot.discard_pile, seed=bot.seed, event=bot.events)
        bot = moved(
            bot,
            draw_pile=pile,
            discard_pile=(),
            events=bot.events + 1,
            pass_count=bot.pass_count + 1,
        )
    card, *rest = bot.draw_pile
    return moved(bot, draw_pile=tuple(rest), current_card=card), card, reshuffled


def discard_card(bot: BotState) -> BotState:
    """R-DECK-3: the card in progress goes on the discard pile and becomes the most recent."""
    if bot.current_card is None:
        raise InvalidValueError("bot.current_card", "a card in progress", None)
    return moved(
        bot,
        discard_pile=(*bot.discard_pile, bot.current_card),
        current_card=None,
        last_card=bot.current_card,
    )
