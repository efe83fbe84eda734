"""The questions about the game around him: Missions, action spaces, the Warehouse, the Shuttle, scoring.

Also the printed start of his player board, asked once at set-up when the
companion tracks it (:mod:`lacerda_bot.table._engine.tracked`). Every question
and hint is a :class:`~lacerda_bot.language.Message`, which the front end says
in the player's language; the choices of a pick stay English words (saves keep
them), each said in the player's language under the context ``answer``.
"""

from typing import Final

from lacerda_bot import _queries as q
from lacerda_bot._deck import card_by_id
from lacerda_bot._rules.scoring import (
    BuiltBlueprints,
    Contracts,
    HumanCategory,
    HumanScore,
    LivingQuartersTop,
    OpTrack,
    ProgressCubes,
    RequirementMet,
    ScientistBuildings,
    ShipsInHangar,
    TechPoints,
)
from lacerda_bot.language import Listing, msg, msg_c
from lacerda_bot.model import ContractKind, Item, Side, TechType, scored_type
from lacerda_bot.render import requirement_words
from lacerda_bot.table._engine.ask_player import SCIENTISTS
from lacerda_bot.table._engine.shapes import (
    Gains,
    Pick,
    Questions,
    Shape,
    Wording,
    YesNo,
    count,
    yes,
)
from lacerda_bot.terms import (
    ACTION_NAMES,
    buildings_name,
    side_name,
    tech_name,
    tech_word,
)

__all__ = ["ASKS"]

ASKS: Final = Questions()
"""The builder of each question about the game around him, by query type."""

_SIDES: Final = (("orbit", Side.ORBIT), ("colony", Side.COLONY))


# The choice words a hint's example names, as the player reads and types them.
@ASKS.asks(q.HisSide)
def _side(query: q.HisSide, words: Wording) -> Shape:
    return Pick(
        text=msg("Which side is Lacerda on?"),
        choices=_SIDES,
        # Translators: {answer} is the answer word for the Colony ("colony").
        hint=msg(
            "Where his figure stands: in Orbit or in the Colony. Example: his figure "
            "stands on a space of the Colony: {answer}.",
            answer=msg_c("answer", "colony"),
        ),
    )


@ASKS.asks(q.RevealedCard)
def _revealed_card(query: q.RevealedCard, words: Wording) -> Shape:
    faces: dict[str, int] = {}
    for card in query.candidates:  # two cards of one face do the same: either
        faces.setdefault(card_by_id(card).face, card)
    match query.reshuffled, query.tie:
        case True, True:
            text = msg(
                "His draw pile is empty: shuffle his discard pile, face down, into a "
                "new draw pile. Turn over the top card of his draw pile to break a "
                "tie: which is it?"
            )
        case True, False:
            text = msg(
                "His draw pile is empty: shuffle his discard pile, face down, into a "
                "new draw pile. Turn over the top card of his draw pile for his "
                "turn: which is it?"
            )
        case False, True:
            text = msg(
                "Turn over the top card of his draw pile to break a tie: which is it?"
            )
        case _:
            text = msg(
                "Turn over the top card of his draw pile for his turn: which is it?"
            )
    return Pick(
        text=text,
        choices=tuple((face, faces[face]) for face in sorted(faces)),
        # Translators: "B2" is a card's name as printed, typed as it is.
        hint=msg(
            "You play with your own solo deck: its cards are named as printed, the "
            "Mission letter, the action number and an X if the card shows one. Only "
            "the cards his draw pile can hold are listed; a card turned up for a tie "
            "goes back into the draw pile, shuffled, when the tie is broken. "
            "Example: Mission B, action 2, no X: B2."
        ),
    )


@ASKS.asks(q.MissionCompleted)
def _mission_done(query: q.MissionCompleted, words: Wording) -> Shape:
    mission = query.slot.name
    return yes(
        # Translators: {mission} is a Mission's letter: A, B or C.
        msg("Is Mission {mission} completed?", mission=mission),
        # Translators: {mission} is a Mission's letter: A, B or C.
        msg(
            "A Mission is completed once its marker reaches the end of its track, by "
            "anyone's contributions. Look at the Mission card in slot {mission}. "
            "Example: its marker stands on the last space of its track: yes.",
            mission=mission,
        ),
    )


@ASKS.asks(q.MissionCrystals)
def _mission_crystals(query: q.MissionCrystals, words: Wording) -> Shape:
    return count(
        # Translators: {mission} is a Mission's letter: A, B or C.
        msg(
            "How many Crystals does Mission {mission} pay per contribution?",
            mission=query.slot.name,
        ),
        0,
        9,
        msg(
            "The number printed on the Mission's slot for each contribution; asked "
            "once per Mission. Example: the slot shows 2 Crystals: 2."
        ),
    )


@ASKS.asks(q.StartMissionCrystals)
def _start_mission_crystals(query: q.StartMissionCrystals, words: Wording) -> Shape:
    mission = query.slot.name
    return count(
        # Translators: {mission} is a Mission's letter: A, B or C.
        msg(
            "How many Crystals does Mission {mission} pay him per contribution?",
            mission=mission,
        ),
        0,
        9,
        # Translators: {mission} is a Mission's letter: A, B or C.
        msg(
            "The number printed by Mission slot {mission} for each contribution; "
            "asked once, at set-up, for each of the three Missions. Example: the "
            "slot shows 1 Crystal: 1.",
            mission=mission,
        ),
    )


@ASKS.asks(q.ColonistsPresent)
def _colonists(query: q.ColonistsPresent, words: Wording) -> Shape:
    return count(
        # Translators: {action} is a card action as printed ("Construct a Building").
        msg(
            "How many Colonists are on the {action} action space now?",
            action=ACTION_NAMES[query.action],
        ),
        0,
        12,
        msg(
            "Count every Colonist there (yours and his) before he places his; he "
            "pays a Crystal for each. Example: one of yours: 1."
        ),
    )


@ASKS.asks(q.CollectedTileReward)
def _tile_reward(query: q.CollectedTileReward, words: Wording) -> Shape:
    return Gains(
        text=msg("What does the tile give him?"),
        many=True,
        hint=msg("Name each benefit shown on the tile, in order, then nothing."),
    )


@ASKS.asks(q.FirstColonistTileCount)
def _first_colonist_tiles(query: q.FirstColonistTileCount, words: Wording) -> Shape:
    return count(
        msg("How many First Colonist tiles are in play?"),
        1,
        12,
        msg(
            "The First Colonist tiles set out for this game, each naming a Turn "
            "Order space; he draws one of them. Example: six tiles were set out: 6."
        ),
    )


@ASKS.asks(q.StartingSide)
def _starting_side(query: q.StartingSide, words: Wording) -> Shape:
    return Pick(
        text=msg("On which side is that space?"),
        choices=_SIDES,
        # Translators: {answer} is the answer word for Orbit ("orbit").
        hint=msg(
            "The Turn Order space the drawn tile names is in Orbit or in the Colony. "
            "Example: the space it names lies in Orbit: {answer}.",
            answer=msg_c("answer", "orbit"),
        ),
    )


@ASKS.asks(q.SpaceGains)
def _space_gains(query: q.SpaceGains, words: Wording) -> Shape:
    return Gains(
        text=msg("What does that space give?"),
        hint=msg("The benefit printed on the Turn Order space."),
    )


@ASKS.asks(q.ShuttleDeparts)
def _departs(query: q.ShuttleDeparts, words: Wording) -> Shape:
    return yes(
        msg("Does the Shuttle depart this round?"),
        msg(
            "Whether the Shuttle leaves its side in this round's Shuttle phase, as "
            "the game's own rules for the Shuttle say. Example: the Shuttle leaves "
            "its side this round: yes."
        ),
    )


@ASKS.asks(q.ShuttleFrom)
def _departs_from(query: q.ShuttleFrom, words: Wording) -> Shape:
    his = words.side or Side.ORBIT
    other = Side.COLONY if his is Side.ORBIT else Side.ORBIT
    return YesNo(
        # Translators: {side} is Orbit or Colony.
        text=msg("Does it depart from his side ({side})?", side=side_name(his)),
        yes=his,
        no=other,
        # Translators: {side} is Orbit or Colony.
        hint=msg(
            "The side the Shuttle stands on now. Example: the Shuttle stands on the "
            "{side} side: yes.",
            side=side_name(his),
        ),
    )


@ASKS.asks(q.FreeSpaceCount)
def _free_spaces(query: q.FreeSpaceCount, words: Wording) -> Shape:
    return count(
        # Translators: {side} is Orbit or Colony.
        msg(
            "How many Turn Order spaces are free on the {side} side?",
            side=side_name(query.side),
        ),
        1,
        12,
        msg(
            "Spaces with no player marker (with two players one is always free); he "
            "takes one of them at random, numbered by space number, lowest first. "
            "Example: 4 spaces there, one holding your marker: 3."
        ),
    )


@ASKS.asks(q.UsedTech)
def _used_tech(query: q.UsedTech, words: Wording) -> Shape:
    tracked = words.tracked
    techs = (
        tuple(TechType)
        if tracked is None or not tracked.lacerda_techs
        else tuple(t.tech for t in tracked.lacerda_techs)
    )
    choices = tuple((t.value.replace("_", " "), t) for t in techs)
    first = techs[0]
    return Pick(
        text=msg("Which of his Techs did you use?"),
        choices=choices,
        # Translators: {tech} is a Tech type ("Water Extractor"), {answer} the
        # answer word for it ("water extractor").
        hint=msg(
            "The Tech of his Lab you used this turn; he develops it for free. "
            "Example: you used his {tech} Tech: {answer}.",
            tech=tech_name(first),
            answer=tech_word(first),
        ),
    )


@ASKS.asks(OpTrack)
def _op_track(query: OpTrack, words: Wording) -> Shape:
    return count(
        msg("Lacerda's OP on the score track?"),
        0,
        500,
        msg("Where his OP marker stands. Example: his marker is on 37: 37."),
    )


@ASKS.asks(ProgressCubes)
def _cubes(query: ProgressCubes, words: Wording) -> Shape:
    return count(
        msg("His Progress cubes?"),
        0,
        5,
        msg(
            "Progress cubes on his player board: 1, 2, 3, 4 and 5 cubes score 1, 2, "
            "4, 7 and 11 OP. Example: 3 cubes, worth 4 OP: 3."
        ),
    )


@ASKS.asks(TechPoints)
def _tech_points(query: TechPoints, words: Wording) -> Shape:
    tracked = words.tracked
    hint = msg(
        "Each Tech tile scores the OP printed under the Lab column it stands in; add "
        "them, once per tile (two tiles in one column score it twice). Example: one "
        "tile in a column worth 2 OP and one in a column worth 5 OP: 7."
    )
    if tracked is not None and tracked.lacerda_techs:
        # Translators: {tech} is a Tech type ("Rover"), {column} a number.
        placed = [
            msg("{tech} in column {column}", tech=tech_name(t.tech), column=t.level)
            for t in tracked.lacerda_techs
        ]
        techs = placed[-1]
        for one in reversed(placed[:-1]):  # all by commas, as a list of places
            techs = msg("{item}, {rest}", item=one, rest=techs)
        # Translators: {techs} lists his Techs by column: "Mine in column 2, Rover
        # in column 4".
        hint = msg(
            "Each Tech tile scores the OP printed under the Lab column it stands in; "
            "add them, once per tile (two tiles in one column score it twice). His "
            "Techs: {techs}. Example: one tile in a column worth 2 OP and one in a "
            "column worth 5 OP: 7.",
            techs=techs,
        )
    return count(msg("His Tech tiles' OP by Lab column values, in all?"), 0, 200, hint)


@ASKS.asks(ShipsInHangar)
def _ships(query: ShipsInHangar, words: Wording) -> Shape:
    return count(
        msg("His Ships in the Hangar?"),
        0,
        12,
        msg(
            "The Ships he gained sit in the Hangar of his player board; 3 OP each. "
            "Example: 2 Ships there, worth 6 OP: 2."
        ),
    )


@ASKS.asks(BuiltBlueprints)
def _built(query: BuiltBlueprints, words: Wording) -> Shape:
    level = query.level
    return count(
        # Translators: {level} is a Blueprint level: 1, 2 or 3.
        msg("His built Level {level} Blueprints?", level=level),
        0,
        12,
        # Translators: {level} is a Blueprint level: 1, 2 or 3.
        msg(
            "Blueprints he used to upgrade a building; unbuilt ones cost him "
            "nothing. Example: he upgraded two buildings with Level {level} "
            "Blueprints: 2.",
            level=level,
        ),
    )


@ASKS.asks(ScientistBuildings)
def _scientist_buildings(query: ScientistBuildings, words: Wording) -> Shape:
    tracked = words.tracked
    text = msg(
        "Advanced Buildings on Mars (anyone's) of the types his Scientists score, in "
        "all?"
    )
    if tracked is not None and tracked.lacerda_scientists:
        types = Listing(
            tuple(buildings_name(scored_type(s)) for s in tracked.lacerda_scientists)
        )
        # Translators: {types} lists building types in the plural: "Generators and
        # Mines".
        text = msg(
            "Advanced Buildings on Mars (anyone's) of {types}, in all?", types=types
        )
    return count(
        text,
        0,
        60,
        # Translators: {scientists} says which type each Scientist scores
        # ("Geologist scores Generators, ...").
        msg(
            "Count upgraded buildings of those types, whoever upgraded them. "
            "{scientists} Example: two of them upgraded by him and one by you: 3.",
            scientists=SCIENTISTS,
        ),
    )


_CONTRACTS: Final = {
    ContractKind.UPGRADE: msg("His Upgrade Contracts?"),
    ContractKind.DELIVERY: msg("His Delivery Contracts?"),
}


@ASKS.asks(Contracts)
def _contracts(query: Contracts, words: Wording) -> Shape:
    return count(
        _CONTRACTS[query.kind],
        0,
        6,
        msg(
            "All his Contracts count as completed. Example: 2 such Contract cards in "
            "front of him: 2."
        ),
    )


def _living_quarters() -> Shape:
    """The top of his Living Quarters track: at final scoring, and printed at set-up."""
    return count(
        msg("What is the top value of his Living Quarters track?"),
        0,
        60,
        msg(
            "The highest OP value printed on the Living Quarters track of his player "
            "board: his Living Quarters count as full at the end. Example: the "
            "values printed on it run up to 15: 15."
        ),
    )


@ASKS.asks(LivingQuartersTop)
def _living_quarters_top(query: LivingQuartersTop, words: Wording) -> Shape:
    return _living_quarters()


@ASKS.asks(q.StartLivingQuarters)
def _start_living_quarters(query: q.StartLivingQuarters, words: Wording) -> Shape:
    return _living_quarters()


_YOUR_SCORE: Final = {
    HumanCategory.OP_TRACK: (
        msg("Your OP on the score track?"),
        msg(
            "Where your marker stands on the OP track, before the end scoring adds the "
            "rest. Example: your marker is on 61: 61."
        ),
    ),
    HumanCategory.TECH_TILES: (
        msg("Your Tech tiles' OP?"),
        msg(
            "Each of your Tech tiles scores the OP printed below its column of your Lab; "
            "add them. Example: tiles below 2, 3 and 5: 10."
        ),
    ),
    HumanCategory.PROGRESS_CUBES: (
        msg("Your Progress cubes' OP?"),
        msg(
            "The OP your Progress cubes score, as the board prints it for their number. "
            "Example: 3 cubes score 4: 4."
        ),
    ),
    HumanCategory.SHIPS: (
        msg("Your Ships' OP?"),
        msg("Each Ship in your Hangar scores 3 OP. Example: 2 Ships: 6."),
    ),
    HumanCategory.BLUEPRINTS: (
        msg("Your built Blueprints' OP?"),
        msg(
            "The OP of the Blueprints you built; unbuilt ones come later, with what you "
            "lose. Example: a built level 1 and a built level 3: 8."
        ),
    ),
    HumanCategory.SCIENTISTS: (
        msg("Your Scientists' OP?"),
        msg(
            "Each of your Scientists scores for the Advanced Buildings on Mars of the "
            "type it names. Example: a Hydrologist with 3 such buildings: 9."
        ),
    ),
    HumanCategory.CONTRACTS: (
        msg("Your Contracts' OP?"),
        msg("The OP of the Contracts you completed. Example: two, of 9 and 12 OP: 21."),
    ),
    HumanCategory.LIVING_QUARTERS: (
        msg("Your Living Quarters' OP?"),
        msg(
            "The OP your Living Quarters track scores, as its spaces print it. Example: "
            "it shows 10 at your marker: 10."
        ),
    ),
    HumanCategory.PRIVATE_GOALS: (
        msg("Your Private Goals' OP?"),
        msg(
            "The OP of the Private Goals you met (0 if none). Example: one met, of 5: 5."
        ),
    ),
    HumanCategory.LOST: (
        msg("OP you lose at the end?"),
        msg(
            "What the end scoring takes off your score: your unbuilt Blueprints, and "
            "anything else that costs you OP (0 if nothing). Example: one unbuilt "
            "Blueprint costing 2: 2."
        ),
    ),
}
"""R-SCORE-1: your own score, one printed category at a time (the companion adds)."""


@ASKS.asks(HumanScore)
def _human_score(query: HumanScore, words: Wording) -> Shape:
    text, hint = _YOUR_SCORE[query.category]
    return count(text, 0, 500, hint)


@ASKS.asks(RequirementMet)
def _requirement(query: RequirementMet, words: Wording) -> Shape:
    return yes(
        # Translators: {requirement} is one requirement of the Solo Goal, e.g.
        # "the Colony reached level 5".
        msg(
            "Solo Goal: {requirement}?",
            requirement=requirement_words(query.requirement),
        ),
        msg(
            "A requirement of your Solo Goal; every one must hold for you to win. "
            "Example: at the end of the game you fall short of it: no."
        ),
    )


@ASKS.asks(q.StartCrystals)
def _start_crystals(query: q.StartCrystals, words: Wording) -> Shape:
    return count(
        msg("How many Crystals does Lacerda start with?"),
        0,
        30,
        msg(
            "The Crystals in his Depot after set-up. From now on the companion counts "
            "them; the fix step (Correct his board) puts them right if it gets them "
            "wrong. Example: 2 Crystals in his Depot: 2."
        ),
    )


@ASKS.asks(q.StartFreeDepot)
def _start_depot(query: q.StartFreeDepot, words: Wording) -> Shape:
    return count(
        msg("How many empty spaces does his Depot have?"),
        0,
        30,
        msg(
            "The Depot of his player board holds his Crystals; count the empty "
            "spaces. Example: his Depot holds 2 Crystals and 4 empty spaces: 4."
        ),
    )


TABLE_LAB_COLUMNS: Final = 9
"""The most columns the table accepts for his Lab: the printed Lab has 6, and a short
range is asked with one button per number (a long one with a stepper that starts at 1)."""


@ASKS.asks(q.LabColumns)
def _lab_columns(query: q.LabColumns, words: Wording) -> Shape:
    return count(
        msg("How many columns of spaces does his Lab have?"),
        1,
        TABLE_LAB_COLUMNS,
        msg(
            "Count his Lab's columns from left to right: a Tech's level is the "
            "column its tile stands in, and a tile in the last column cannot "
            "develop. The columns are staggered, 2 spaces, then 3, then 2... "
            "Example: the printed Lab has 6 columns: 6."
        ),
    )


@ASKS.asks(q.StartShelterTech)
def _start_shelter_tech(query: q.StartShelterTech, words: Wording) -> Shape:
    columns = words.earlier(q.LabColumns())
    return count(
        msg("In which column of his Lab does his Shelter Tech tile start? (0 if none)"),
        0,
        columns if columns is not None else TABLE_LAB_COLUMNS,
        msg(
            "Set-up puts it on the middle space of his Lab's second column: 2. If "
            "your set-up put it elsewhere, give its column: the companion places it "
            "on that column's middle space (its top space in a column of two); 0 if "
            "he starts without it. Example: the tile stands on the middle space of "
            "column 2: 2."
        ),
    )


@ASKS.asks(q.WarehouseItem)
def _warehouse(query: q.WarehouseItem, words: Wording) -> Shape:
    tracked = words.tracked
    full = tracked is not None and tracked.free_depot_spaces == 0
    if full:
        text = msg(
            "His Depot is full: which Warehouse item other than Crystals has the "
            "most units? (the leftmost if tied)"
        )
    elif tracked is not None:
        text = msg(
            "Which Warehouse item has the most units? (a Crystal wins a tie, else "
            "the leftmost)"
        )
    else:
        text = msg(
            "Which Warehouse item has the most units? (a Crystal wins a tie, else "
            "the leftmost; no Crystal if his Depot is full)"
        )
    return Pick(
        text=text,
        choices=(
            *((i.value, i) for i in Item if not (full and i is Item.CRYSTAL)),
            ("empty", None),
        ),
        # Translators: {empty}, {crystal} and {battery} are the answer words for
        # no item, a Crystal and a Battery ("empty", "crystal", "battery").
        hint=msg(
            "Count the units of each item. He takes nothing he has no room to store "
            "(no Crystal without a free Depot space); a Resource goes to the general "
            "supply. Answer {empty} if nothing he may take is left. Example: 2 "
            "Batteries, 2 Crystals, 1 Water: {crystal} ({battery} with his Depot "
            "full).",
            empty=msg_c("answer", "empty"),
            crystal=msg_c("answer", "crystal"),
            battery=msg_c("answer", "battery"),
        ),
    )
