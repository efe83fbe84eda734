"""The questions about Mars: building sites, the LSS track, his Rover, Discovery tiles.

Each builder words the question that asks one fact (:data:`ASKS`), with the
criterion in words, where to look and an example behind ``?``. Every question
and hint is a :class:`~lacerda_bot.language.Message`, which the front end says
in the player's language.
"""

from typing import Final

from lacerda_bot import _queries as q
from lacerda_bot import terms
from lacerda_bot._lab import entry_space, movable
from lacerda_bot.language import Message, Text, msg, msg_c, msg_n
from lacerda_bot.model import BuildingType, LssReward, Owner, TechType
from lacerda_bot.options import (
    ComplexTechThreshold,
    Options,
    StandaloneRule,
    TiePolicy,
)
from lacerda_bot.table._engine.shapes import (
    MOST_ON_MAP,
    AnyCounted,
    Labels,
    PricedGains,
    Questions,
    Shape,
    Wording,
    count,
    yes,
)
from lacerda_bot.table._engine.tracked import Tracked

__all__ = ["ASKS", "HEX_ORDER", "tech_name"]

ASKS: Final = Questions()
"""The builder of each question about Mars, by query type."""

HEX_ORDER: Final = "row by row from the top, left to right in each row"
"""The hex order in English words (:data:`lacerda_bot.terms.HEX_ORDER` is the message)."""

_STEPS: Final = msg(
    "Count steps hex by hex over the map (never off it); a Rover not on the map "
    "counts from the initial Mine."
)
_FIGURE: Final = msg(
    "A figure is a Rover, a Bot, a Colonist on a Mine, or the Advanced Building "
    "marker on an upgraded building."
)


def tech_name(tech: TechType) -> str:
    """A Tech type as the player reads it in English, e.g. ``Water Extractor``.

    The message, said in the player's language, is :func:`lacerda_bot.terms.tech_name`.
    """
    return tech.value.replace("_", " ").title()


# A building named with its indefinite article, as the object of a verb ("Can he
# build a Mine?"), one message per building: the article agrees with the name in
# each language (German: the accusative, "einen Generator", "ein Gewächshaus").
# Where the English says "one of his Shelters" instead, the whole sentence is its
# own message.
def _touching(kind: BuildingType, options: Options) -> Message:
    """The site rule's sentence for a site touching Complexes of *kind*."""
    resulting = options.complex_tech_threshold is ComplexTechThreshold.RESULTING
    if kind is BuildingType.SHELTER:
        if resulting:
            return msg(
                "Touching his Shelters, it is legal if his own Shelter Tech level is "
                "at least the total size of the Complexes it touches + 1."
            )
        return msg(
            "Touching his Shelters, it is legal if his own Shelter Tech level is "
            "at least the total size of the Complexes it touches."
        )
    names = {
        "buildings": terms.buildings_name(kind),
        "tech": terms.tech_name(TechType.for_building(kind)),
    }
    if resulting:
        # Translators: {buildings} is a building type in the plural ("Mines"),
        # {tech} the Tech of that type ("Mine").
        return msg(
            "Touching {buildings}, it is legal if his or your {tech} Tech level is "
            "at least the total size of the Complexes it touches + 1.",
            **names,
        )
    # Translators: {buildings} is a building type in the plural ("Mines"),
    # {tech} the Tech of that type ("Mine").
    return msg(
        "Touching {buildings}, it is legal if his or your {tech} Tech level is at "
        "least the total size of the Complexes it touches.",
        **names,
    )


def _alone(kind: BuildingType, options: Options) -> Message:
    """The site rule's sentence for a site touching no Complex of *kind*."""
    anywhere = options.standalone_rule is StandaloneRule.ANY
    if kind is BuildingType.SHELTER:
        if anywhere:
            return msg(
                "Touching none, it is legal anywhere, even away from his Shelters."
            )
        return msg(
            "Touching none, it is legal exactly 2 hexes from one of his Shelters "
            "(with none of his Shelters on Mars, anywhere)."
        )
    if anywhere:
        # Translators: {buildings} is a building type in the plural ("Mines").
        return msg(
            "Touching none, it is legal anywhere, even away from {buildings}.",
            buildings=terms.buildings_name(kind),
        )
    # Translators: {building} is a building type ("Mine").
    return msg(
        "Touching none, it is legal exactly 2 hexes from another {building} (with "
        "no {building} on Mars, anywhere).",
        building=terms.building_name(kind),
    )


def _site_rule(kind: BuildingType, options: Options) -> Message:
    """Which hexes are legal sites for *kind* under *options*, in words."""
    # Translators: {touching} is the rule for a site touching Complexes ("Touching
    # Mines, it is legal if ..."), {alone} the rule for a site touching none.
    return msg(
        "A site is a hex with no building. {touching} {alone} He may build anywhere "
        "on Mars (no zone limits him).",
        touching=_touching(kind, options),
        alone=_alone(kind, options),
    )


def _resulting_size(kind: BuildingType) -> Message:
    """How the size of the Complex a site makes is counted."""
    if kind is BuildingType.SHELTER:
        return msg(
            "Resulting size = 1 + the sizes of all the Complexes of that type the "
            "site touches (his Shelters only); Crystals, tiles and figures on a site "
            "do not matter."
        )
    return msg(
        "Resulting size = 1 + the sizes of all the Complexes of that type the site "
        "touches; Crystals, tiles and figures on a site do not matter."
    )


def _on_lss(kind: BuildingType) -> bool:
    """Whether *kind* has a marker on the LSS track (all but the Mine and the Shelter)."""
    return kind not in (BuildingType.MINE, BuildingType.SHELTER)


@ASKS.asks(q.BuildSize)
def _build_size(query: q.BuildSize, words: Wording) -> Shape:
    kind = query.kind
    names = {
        "a_building": terms.a_building(kind),
        "building": terms.building_name(kind),
    }
    rule = _site_rule(kind, words.options)
    size = _resulting_size(kind)
    if words.options.tie_policy is TiePolicy.CHOSEN:  # the player places it
        need = (
            msg(
                "He needs a legal site and its marker on the LSS track must be "
                "below the Colony level marker."
            )
            if _on_lss(kind)
            else msg("He needs a legal site.")
        )
        # Translators: {a_building} is a building with its article ("a Mine"),
        # {building} the building type ("Mine"), {buildings} its plural ("Mines").
        # "no" is the answer that means he cannot build it.
        text = msg(
            "Can he build {a_building}? If so, choose his site: the legal site where "
            "it makes the largest {building} Complex (if several do, you choose). "
            "How many {buildings} would that Complex hold, his new one included? (1: "
            "it stands alone; no: he cannot build {a_building})",
            buildings=terms.buildings_name(kind),
            **names,
        )
        # Translators: {need} says what site he needs ("He needs a legal site."),
        # {rule} which hexes are legal sites, {size} how the size is counted.
        hint = msg(
            "{need} {rule} {size} Do not build it yet: the instructions follow. "
            "Example: the best site touches a Complex of 2 and one of 1: 4.",
            need=need,
            rule=rule,
            size=size,
        )
        return count(text, 0, MOST_ON_MAP, hint, zero="no")
    if _on_lss(kind):
        # Translators: {a_building} is a building with its article ("a Generator"),
        # {building} the building type ("Generator").
        text = msg(
            "How large {a_building} Complex would the best legal site for "
            "{a_building} make? (0 if there is no legal site, or if the {building} "
            "marker on the LSS track is not below the Colony level; 1 if it stands "
            "alone)",
            **names,
        )
        # Translators: {rule} says which hexes are legal sites, {size} how the
        # size is counted, {a_building} is a building with its article ("a Generator").
        hint = msg(
            "{rule} He builds {a_building} only while its LSS marker is strictly "
            "below the Colony level marker. {size} Example: a site touching a "
            "Complex of 2 and one of 1 makes a Complex of 4.",
            rule=rule,
            size=size,
            a_building=names["a_building"],
        )
        return count(text, 0, MOST_ON_MAP, hint)
    text = (
        msg(
            "How large a Shelter Complex would the best legal site for one of his "
            "Shelters make? (0 if there is no legal site; 1 if it stands alone)"
        )
        if kind is BuildingType.SHELTER
        else msg(
            "How large a Mine Complex would the best legal site for a Mine make? (0 "
            "if there is no legal site; 1 if it stands alone)"
        )
    )
    # Translators: {rule} says which hexes are legal sites, {size} how the size
    # is counted.
    hint = msg(
        "{rule} {size} Example: a site touching a Complex of 2 and one of 1 makes a "
        "Complex of 4.",
        rule=rule,
        size=size,
    )
    return count(text, 0, MOST_ON_MAP, hint)


@ASKS.asks(q.BestSites)
def _best_sites(query: q.BestSites, words: Wording) -> Shape:
    size = words.earlier(q.BuildSize(query.kind))
    return Labels(
        text=msg("How many legal sites make the largest Complex?")
        if size is None
        else msg("How many legal sites make a Complex of {size}?", size=size),
        prefix="site",
        # Translators: {order} is the order to number hexes in ("row by row from
        # the top, left to right in each row").
        hint=msg(
            "Count the legal sites whose Complex would be that large. If more than "
            "one, he breaks the tie; number them {order}. Example: for a Complex of "
            "1, two stand-alone Mine sites, both 2 hexes from a Mine: 2.",
            order=terms.HEX_ORDER,
        ),
    )


@ASKS.asks(q.TechLevel)
def _tech_level(query: q.TechLevel, words: Wording) -> Shape:
    tech = terms.tech_name(query.tech)
    if query.owner is Owner.LACERDA:
        # Translators: {tech} is a Tech type ("Water Extractor").
        text = msg(
            "What level is Lacerda's own {tech} Tech? (0 if he has none)", tech=tech
        )
        hint = msg(
            "The level is the column of his Lab the Tech tile stands in. Example: a "
            "tile in the third column is level 3."
        )
    else:
        # Translators: {tech} is a Tech type ("Water Extractor").
        text = msg("What level is your {tech} Tech? (0 if you have none)", tech=tech)
        hint = msg(
            "The level is the column of your Lab the Tech tile stands in. Example: a "
            "tile in the third column is level 3."
        )
    return count(text, 0, 9, hint)


@ASKS.asks(q.RoverOnNewBuilding)
def _rover_on_site(query: q.RoverOnNewBuilding, words: Wording) -> Shape:
    return yes(
        msg("Was his Rover on that building's hex?"),
        msg(
            "Look at the hex he just built on or upgraded: if his Rover stood there, "
            "it has to move off it (an upgraded building holds its Advanced Building "
            "marker, and a Rover may not share a hex with it). Example: his Rover "
            "stood on the hex of the new building: yes."
        ),
    )


@ASKS.asks(q.NearestFreeHexes)
def _free_hexes(query: q.NearestFreeHexes, words: Wording) -> Shape:
    return Labels(
        text=msg(
            "Which hexes may his Rover move to, nearest to it: how many are equally "
            "near? (an empty hex, or a building with no figure on it; 0 if none can "
            "be reached)"
        ),
        prefix="free hex",
        low=0,
        # Translators: {figure} says what a figure is ("A figure is a Rover, ..."),
        # {steps} how to count steps, {order} the order to number hexes in.
        hint=msg(
            "Empty: no building, no tile, no Crystal and no figure. A building with "
            "no figure on it counts too. {figure} {steps} If several are equally "
            "near, number them {order}. Example: next to the site, a Mine with no "
            "figure, a hex holding a Crystal and an empty hex: 2 (the Mine and the "
            "empty hex).",
            figure=_FIGURE,
            steps=_STEPS,
            order=terms.HEX_ORDER,
        ),
    )


@ASKS.asks(q.AnyFreeHex)
def _any_free_hex(query: q.AnyFreeHex, words: Wording) -> Shape:
    return yes(
        msg(
            "Can his Rover move off the new building: is an empty hex, or a building "
            "with no figure on it, within reach?"
        ),
        # Translators: {figure} says what a figure is ("A figure is a Rover, ..."),
        # {steps} how to count steps.
        msg(
            "Empty: no building, no tile, no Crystal and no figure. You will move it "
            "to the nearest such hex. {figure} {steps} Example: next to the site "
            "lies an empty hex: yes.",
            figure=_FIGURE,
            steps=_STEPS,
        ),
    )


@ASKS.asks(q.LssOffers)
def _lss_offers(query: q.LssOffers, words: Wording) -> Shape:
    building = terms.building_name(query.kind)
    if query.reward is LssReward.RETRIEVE_COLONIST:
        # Translators: {building} is a building type ("Greenhouse").
        text = msg(
            "Does this {building} LSS step offer his Colonist back as its second "
            "benefit?",
            building=building,
        )
        # Translators: {building} is a building type ("Greenhouse").
        hint = msg(
            "Each step of the LSS track shows the second benefits it offers; look at "
            "the step the {building} marker moves onto. Example: that step shows a "
            "Colonist among its second benefits: yes.",
            building=building,
        )
    else:
        # Translators: {building} is a building type ("Greenhouse").
        text = msg(
            "Does this {building} LSS step offer a Crystal as its second benefit?",
            building=building,
        )
        # Translators: {building} is a building type ("Greenhouse").
        hint = msg(
            "Each step of the LSS track shows the second benefits it offers; look at "
            "the step the {building} marker moves onto. Example: that step shows a "
            "Crystal among its second benefits: yes.",
            building=building,
        )
    return yes(text, hint)


# Translators: {figure} says what a figure is ("A figure is a Rover, ...").
_TILE: Final = msg(
    "Eligible: a Research or Discovery tile on the map whose benefit he can take, "
    "at least one of them if it gives several: a Blueprint only if the display "
    "shows one he may take, a Tech only if the grid shows a type he lacks and an "
    "entry space of his Lab is free, a development only if one of his Techs can "
    "advance, a construction only if a building he builds has a legal site, the "
    "Warehouse only if it holds an item he may take, an upgrade only if an unused "
    "Blueprint of his has a building to upgrade, a Ship only if he has one left; "
    "Crystals, a Bot, a Colonist and a Rover move always; Resources never. Its "
    "other requirement met, its Crystal cost payable with the Crystals he may spend "
    "now (not those gained earlier this turn, unless your options say so), no "
    "other figure on its hex, and reachable over map hexes. {figure}",
    figure=_FIGURE,
)


_BEATS: Final = msg(
    "Of equally near tiles, leave out each one another of them beats: the other "
    "costs no more Crystals and gives at least as much of every benefit (Resources "
    "count for nothing), and costs less or gives more of something. Different "
    "benefits are never traded against each other."
)


def _cannot_take(tracked: Tracked) -> Message | None:
    """What his tracked board says he could not take now (R-ROVER-2), in words."""
    cannot: list[Message] = []
    if entry_space(tracked.lab_spaces) is None:
        cannot.append(msg("a Tech (his Lab's first column has no empty space)"))
    if not movable(tracked.lab_spaces):
        cannot.append(
            msg("a development (no Tech of his touches an empty space to its right)")
        )
    if tracked.free_advanced_markers < 1:
        cannot.append(msg("a Blueprint (no Advanced Building marker is free)"))
    if not tracked.unused():
        cannot.append(msg("an upgrade (no unused Blueprint)"))
    if tracked.ships_left < 1:
        cannot.append(msg("a Ship (none left)"))
    if not cannot:
        return None
    things = cannot[-1]
    for thing in reversed(cannot[:-1]):
        # Translators: a list of what he could not take, "a Tech (...); nor a
        # Blueprint (...)": {thing} is one, {rest} the others.
        things = msg("{thing}; nor {rest}", thing=thing, rest=things)
    # Translators: {things} lists what he could not take: "a Tech (his Lab's first
    # column has no empty space); nor a Ship (none left)".
    return msg("Right now he could not take {things}.", things=things)


def _eligible(words: Wording) -> Message:
    """Which tiles he could collect, with what his board allows where it is tracked."""
    tracked = words.tracked
    if tracked is None:
        return _TILE
    cannot = _cannot_take(tracked)
    if cannot is None:
        board = msg_n("He has {n} Crystal.", "He has {n} Crystals.", tracked.crystals)
    else:
        # Translators: {cannot} is "Right now he could not take a Tech (...)."
        board = msg_n(
            "He has {n} Crystal. {cannot}",
            "He has {n} Crystals. {cannot}",
            tracked.crystals,
            cannot=cannot,
        )
    # Translators: {rule} says which tiles he could collect ("Eligible: ..."),
    # {board} what his tracked board allows ("He has 3 Crystals.").
    return msg("{rule} {board}", rule=_TILE, board=board)


@ASKS.asks(q.AnyTarget)
def _any_target(query: q.AnyTarget, words: Wording) -> Shape:
    return AnyCounted(
        lookahead=q.TargetSteps,
        zero="none",
        # Translators: "none" is the answer that means no tile.
        text=msg(
            "Could his Rover collect a tile? If so, choose the nearest one (if "
            "several are equally near, one that no other beats): how many steps "
            "away is it? (none: no tile he could collect, or it lies under his Rover)"
        ),
        # Translators: {eligible} says which tiles he could collect ("Eligible:
        # ..."), {steps} how to count steps, {beats} when a tile beats another.
        hint=msg(
            "{eligible} He heads for the nearest such tile. If several are nearest, "
            "leave out any that another beats, and choose one of the rest. {steps} "
            "{beats} The next questions are about the tile you chose. Example: a "
            "free tile giving 2 Crystals lies 3 steps away, and no other is as near: "
            "3.",
            eligible=_eligible(words),
            steps=_STEPS,
            beats=_BEATS,
        ),
        # R-ROVER-3: a tile on his Rover's own hex is 0 steps away, the nearest
        at_zero=msg("Is there a tile he could collect under his Rover?"),
        at_zero_hint=msg(
            "On the hex his Rover stands on, 0 steps away: he collects it there "
            "without moving, if it is eligible as the last question said. His Rover "
            "may have stopped on a tile it could not collect then. Example: his "
            "Rover stands on a free tile giving 2 Crystals: yes."
        ),
    )


@ASKS.asks(q.NearestTiles)
def _nearest_tiles(query: q.NearestTiles, words: Wording) -> Shape:
    return Labels(
        text=msg(
            "How many tiles his Rover could collect are nearest to it (fewest steps), "
            "not counting any that another of them beats? (0 if none could be "
            "collected)"
        ),
        prefix="tile",
        low=0,
        # Translators: {eligible} says which tiles he could collect ("Eligible:
        # ..."), {steps} how to count steps, {beats} when a tile beats another.
        hint=msg(
            "{eligible} {steps} {beats} If several are left, he breaks the tie. "
            "Example: two tiles 3 steps away, one free giving 2 Crystals, one "
            "costing 1 Crystal and giving 1 Crystal: 1 (the free one beats the "
            "other); a free tile giving 2 Crystals and a free tile giving a Tech: 2.",
            eligible=_eligible(words),
            steps=_STEPS,
            beats=_BEATS,
        ),
    )


@ASKS.asks(q.TargetSteps)
def _target_steps(query: q.TargetSteps, words: Wording) -> Shape:
    return count(
        msg("How many steps away is that tile?"),
        0,
        MOST_ON_MAP,
        # Translators: {steps} says how to count steps ("Count steps hex by hex ...").
        msg(
            "{steps} Example: the tile is on a neighbour of his Rover's hex: 1.",
            steps=_STEPS,
        ),
    )


@ASKS.asks(q.TargetCrystalCost)
def _target_cost(query: q.TargetCrystalCost, words: Wording) -> Shape:
    if words.tracked is not None:
        return PricedGains(
            # Translators: {cost} and {crystals} are the answer words for a cost
            # and for Crystals, as the player types them ("cost 1, crystals 2").
            text=msg(
                "What does that tile cost him, and what does it give him? (e.g. "
                "{cost} 1, {crystals} 2; leave out a cost of 0)",
                cost=msg_c("answer", "cost"),
                crystals=msg_c("answer", "crystals"),
            ),
            hint=msg(
                "The Crystal cost printed on the tile, then each benefit shown on "
                "it, in order. He pays the cost when he collects the tile; what it "
                "gives is remembered until then."
            ),
        )
    return count(
        msg("How many Crystals does collecting that tile cost?"),
        0,
        9,
        msg(
            "The Crystal cost printed on the tile (0 if none). Example: the tile "
            "shows a cost of 2 Crystals: 2."
        ),
    )


@ASKS.asks(q.CrystalsOnWay)
def _crystals_on_way(query: q.CrystalsOnWay, words: Wording) -> Shape:
    # Translators: {figure} says what a figure is ("A figure is a Rover, ...").
    where = msg_n(
        "Look along every shortest path, as far as {n} hex from his Rover; he stops "
        "on the farthest of them that holds no other figure, and takes only the "
        "paths that get him nearest the tile. The hex he stops on counts, his "
        "Rover's hex does not. He picks up the Crystals he passes. {figure}",
        "Look along every shortest path, as far as {n} hexes from his Rover; he "
        "stops on the farthest of them that holds no other figure, and takes only "
        "the paths that get him nearest the tile. The hex he stops on counts, his "
        "Rover's hex does not. He picks up the Crystals he passes. {figure}",
        query.length,
        figure=_FIGURE,
    )
    if words.tracked is None:
        return yes(
            msg(
                "Does a shortest path from his Rover toward that tile, among those "
                "that get him nearest it, enter a hex holding a Crystal?"
            ),
            # Translators: {where} says which paths to look along ("Look along
            # every shortest path, ...").
            msg(
                "{where} Example: one shortest path passes a hex holding a Crystal: "
                "yes.",
                where=where,
            ),
        )
    if words.options.tie_policy is TiePolicy.CHOSEN:  # the player picks the path
        return AnyCounted(
            lookahead=q.MovedCrystalCount,
            text=msg(
                "Choose his path toward that tile: a shortest one, and of those the "
                "one passing the most Crystals (if several do, you choose). How many "
                "Crystals does it pass? (0 if none)"
            ),
            # Translators: {where} says which paths to look along ("Look along
            # every shortest path, ...").
            hint=msg(
                "{where} Do not move it yet: the instructions follow. Example: one "
                "shortest path passes 2 Crystals, another 1: choose the first: 2.",
                where=where,
            ),
        )
    return AnyCounted(
        lookahead=q.MovedCrystalCount,
        text=msg(
            "How many Crystals lie on the shortest path from his Rover toward that "
            "tile that holds the most, among those that get him nearest it? (0 if "
            "none)"
        ),
        # Translators: {where} says which paths to look along ("Look along every
        # shortest path, ...").
        hint=msg(
            "{where} Example: one shortest path passes 2 Crystals, another 1: 2.",
            where=where,
        ),
    )


@ASKS.asks(q.BestPaths)
def _best_paths(query: q.BestPaths, words: Wording) -> Shape:
    steps = words.earlier(q.TargetSteps(query.target))
    one = steps is not None and steps <= 1
    limit: Text = ""
    if steps is not None and one:
        limit = msg_n(
            "you said the tile is {n} step away, so one shortest path leads to it",
            "you said the tile is {n} steps away, so one shortest path leads to it",
            steps,
        )
    return Labels(
        text=msg(
            "Of the shortest paths toward it that get him nearest it, how many end "
            "differently among those picking up the most Crystals?"
        ),
        prefix="path",
        hint=msg_n(
            "He moves at most {n} hex, and stops on the farthest hex that holds no "
            "other figure. He picks up at most as many Crystals as he has free Depot "
            "spaces, counted after he paid for movement. Two paths end differently "
            "if he stops on different hexes or picks up Crystals from different "
            "hexes. Example: no Crystal near and the tile within reach: 1.",
            "He moves at most {n} hexes, and stops on the farthest hex that holds no "
            "other figure. He picks up at most as many Crystals as he has free Depot "
            "spaces, counted after he paid for movement. Two paths end differently "
            "if he stops on different hexes or picks up Crystals from different "
            "hexes. Example: no Crystal near and the tile within reach: 1.",
            query.length,
        ),
        expected_most=1 if one else None,
        limit=limit,
    )


@ASKS.asks(q.PathMoved)
def _path_moved(query: q.PathMoved, words: Wording) -> Shape:
    length = query.length
    return count(
        msg("How many hexes does his Rover move along that path?"),
        0,
        length,
        # Translators: {length} is how many hexes he may move at most, {answer}
        # one fewer.
        msg(
            "He stops on the farthest hex within {length} that holds no other "
            "figure. Example: the hex {length} along holds your Rover: {answer}.",
            length=length,
            answer=max(length - 1, 0),
        ),
    )


@ASKS.asks(q.MovedCrystalCount)
def _moved_crystals(query: q.MovedCrystalCount, words: Wording) -> Shape:
    return count(
        msg(
            "How many Crystals lie on the hexes his Rover entered (the last one "
            "included)?"
        ),
        0,
        MOST_ON_MAP,
        msg(
            "He picks each of them up, as many as his Depot holds; the hex he "
            "started from does not count. Example: two of the hexes he entered hold "
            "a Crystal: 2."
        ),
    )


@ASKS.asks(q.ExplorationTileLeft)
def _exploration_left(query: q.ExplorationTileLeft, words: Wording) -> Shape:
    return yes(
        msg("Is a Discovery tile on the Exploration spaces?"),
        msg(
            "The Exploration spaces beside the map; he places the leftmost tile "
            "there. Example: one Discovery tile still lies on those spaces: yes."
        ),
    )


def _empty_for_discovery(options: Options) -> Message:
    """What an empty hex for a Discovery tile holds not, under *options*."""
    if options.discovery_site_allows_crystal:
        return msg("Empty: no building, no tile, no figure.")
    return msg("Empty: no building, no tile, no figure, no Crystal.")


@ASKS.asks(q.AnyDiscoverySite)
def _any_discovery_site(query: q.AnyDiscoverySite, words: Wording) -> Shape:
    return yes(
        msg("Is any hex exactly 3 hexes from his Rover empty?"),
        # Translators: {empty} says what an empty hex holds not ("Empty: no
        # building, no tile, no figure.").
        msg(
            "{empty} Count distance as the crow flies over the hex grid; a Rover off "
            "the map counts as on the initial Mine. Example: three hexes from his "
            "Rover, one hex holds nothing: yes.",
            empty=_empty_for_discovery(words.options),
        ),
    )


@ASKS.asks(q.DiscoverySites)
def _discovery_sites(query: q.DiscoverySites, words: Wording) -> Shape:
    return Labels(
        text=msg(
            "How many empty hexes are exactly 3 hexes from his Rover and, among "
            "those, farthest from your Rover?"
        ),
        prefix="hex",
        low=0,
        high=18,
        # Translators: {empty} says what an empty hex holds not ("Empty: no
        # building, no tile, no figure."), {order} the order to number hexes in.
        hint=msg(
            "{empty} Count distance as the crow flies over the hex grid; a Rover off "
            "the map counts as on the initial Mine. If several tie, number them "
            "{order}. Example: of four such hexes, two are 5 hexes from your Rover "
            "and the others nearer: 2.",
            empty=_empty_for_discovery(words.options),
            order=terms.HEX_ORDER,
        ),
    )
