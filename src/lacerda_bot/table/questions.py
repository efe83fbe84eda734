"""What the table companion asks for each fact: the wording of every question, in one place.

:func:`shape_of` maps a fact the rules read (:class:`~lacerda_bot.facts.Fact`
and its arguments) to the question, or the short run of questions, that asks
it at the table: a yes/no, a count or a pick, each with a hint that ``?``
shows. A shape reads its answer (:meth:`Shape.read`) and, for checks and
conversions, says which answers give a value (:meth:`Shape.answers`).
"""

from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, Protocol, TypeVar, assert_never, final

import attrs

from lacerda_bot._rules.goals import Requirement
from lacerda_bot.facts import Choice, Fact
from lacerda_bot.model import (
    Action,
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    Item,
    LssReward,
    MissionSlot,
    Owner,
    Side,
    TechType,
)
from lacerda_bot.options import ComplexTechThreshold, Options, StandaloneRule
from lacerda_bot.render import ACTION_NAMES, building_name, describe_requirement
from lacerda_bot.table.dialogue import Answer, Question, QuestionKind

__all__ = [
    "MOST_ON_MAP",
    "Ask",
    "Count",
    "Gains",
    "Labels",
    "Pick",
    "Shape",
    "Wording",
    "YesNo",
    "fact_key",
    "shape_of",
]

V = TypeVar("V")

Ask = Callable[[Question], Answer]
"""Asks one question and returns its answer (or stops the step to ask it)."""

MOST_ON_MAP: Final = 250
"""The largest count a question about the map accepts (more than its hexes)."""


class Shape(Protocol):
    """How one fact is asked: its questions, and the answers that give a value."""

    def read(self, ask: Ask, key: str) -> object:
        """Ask the questions (keys start with *key*) and return the fact."""
        ...

    def answers(self, value: Any) -> tuple[Answer, ...]:
        """The answers that make :meth:`read` return *value*, in order."""
        ...


def _bool(answer: Answer) -> bool:
    assert isinstance(answer, bool)  # Question.accepts checked the kind
    return answer


def _int(answer: Answer) -> int:
    assert isinstance(answer, int)
    return answer


def _str(answer: Answer) -> str:
    assert isinstance(answer, str)
    return answer


@final
@attrs.frozen(kw_only=True)
class YesNo(Generic[V]):
    """A yes/no question whose answer means *yes* or *no* (``True``/``False`` by default)."""

    text: str
    yes: V
    no: V
    hint: str = ""

    def read(self, ask: Ask, key: str) -> V:
        """Ask it."""
        question = Question(
            key=key, text=self.text, kind=QuestionKind.YES_NO, hint=self.hint
        )
        return self.yes if _bool(ask(question)) else self.no

    def answers(self, value: V) -> tuple[Answer, ...]:
        """``True`` for *yes*, ``False`` for *no*."""
        return (value == self.yes,)


def _yes(text: str, hint: str = "") -> YesNo[bool]:
    return YesNo(text=text, yes=True, no=False, hint=hint)


@final
@attrs.frozen(kw_only=True)
class Count:
    """A whole number from *low* to *high*."""

    text: str
    low: int
    high: int
    hint: str = ""

    def read(self, ask: Ask, key: str) -> int:
        """Ask it."""
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.COUNT,
            low=self.low,
            high=self.high,
            hint=self.hint,
        )
        return _int(ask(question))

    def answers(self, value: int) -> tuple[Answer, ...]:
        """The count itself."""
        return (value,)


@final
@attrs.frozen(kw_only=True)
class Labels:
    """How many options tie (their labels are *prefix* 1..n); with a *gate*, first whether any."""

    text: str
    prefix: str
    low: int = 1
    high: int = MOST_ON_MAP
    hint: str = ""
    gate: str = ""
    """A yes/no asked first ("Is there a tile his Rover could collect?"); no means none."""
    gate_hint: str = ""

    def read(self, ask: Ask, key: str) -> tuple[str, ...]:
        """Ask the gate, if any, then the count."""
        if self.gate:
            question = Question(
                key=f"{key}.any",
                text=self.gate,
                kind=QuestionKind.YES_NO,
                hint=self.gate_hint,
            )
            if not _bool(ask(question)):
                return ()
        count = Count(text=self.text, low=self.low, high=self.high, hint=self.hint)
        n = count.read(ask, key)
        return tuple(f"{self.prefix} {i}" for i in range(1, n + 1))

    def answers(self, value: tuple[str, ...]) -> tuple[Answer, ...]:
        """The gate's answer, if any, then the count."""
        n = len(value)
        if self.gate:
            return (True, n) if n else (False,)
        return (n,)


@final
@attrs.frozen(kw_only=True)
class Pick(Generic[V]):
    """A pick from a short list: each choice is a word and the value it means."""

    text: str
    choices: tuple[tuple[str, V], ...]
    hint: str = ""

    def read(self, ask: Ask, key: str) -> V:
        """Ask it."""
        question = Question(
            key=key,
            text=self.text,
            kind=QuestionKind.PICK,
            choices=tuple(word for word, _ in self.choices),
            hint=self.hint,
        )
        word = _str(ask(question))
        return next(value for choice, value in self.choices if choice == word)

    def answers(self, value: V) -> tuple[Answer, ...]:
        """The word of *value*."""
        return (next(word for word, choice in self.choices if choice == value),)


_GAIN_KINDS: Final = tuple(
    (k.value, k)
    for k in (
        GainKind.CRYSTALS,
        GainKind.WAREHOUSE,
        GainKind.TECH,
        GainKind.COLONIST,
        GainKind.BOT,
        GainKind.BLUEPRINT,
        GainKind.RESOURCES,
        GainKind.DEVELOP,
        GainKind.ROVER,
        GainKind.CONSTRUCT,
        GainKind.UPGRADE,
        GainKind.SHIP,
        GainKind.OTHER,
    )
)
_COUNTED: Final = frozenset({GainKind.CRYSTALS, GainKind.DEVELOP, GainKind.ROVER})
_BUILDS: Final = (
    ("any", None),
    *((b.value.replace("_", " "), b) for b in BuildingType),
)
_GAIN_HINT: Final = (
    "Name what it shows: crystals (a number of Crystals), warehouse (a Resupply or "
    "Warehouse bonus), tech (learn a Tech), colonist, bot, blueprint, resources "
    "(Resources only), develop (Tech steps), rover (Rover moves), construct, "
    "upgrade, ship, other (anything else), nothing."
)
MOST_GAINS: Final = 4
"""The most gains a tile's reward lists at the table."""


@final
@attrs.frozen(kw_only=True)
class Gains:
    """What a space or tile gives (spec §2.1): one gain, or up to four with *many*."""

    text: str
    many: bool = False

    def _one(self, ask: Ask, key: str, text: str) -> Gain | None:
        pick = Pick(
            text=text,
            choices=(("nothing", None), *_GAIN_KINDS),
            hint=_GAIN_HINT,
        )
        kind = pick.read(ask, key)
        if kind is None:
            return None
        if kind in _COUNTED:
            n = Count(text=f"How many ({kind.value})?", low=1, high=9)
            return Gain(kind=kind, n=n.read(ask, f"{key}.n"))
        if kind is GainKind.CONSTRUCT:
            built = Pick(text="Which building does it construct?", choices=_BUILDS)
            return Gain(kind=kind, building=built.read(ask, f"{key}.building"))
        return Gain(kind=kind)

    def read(self, ask: Ask, key: str) -> tuple[Gain, ...]:
        """Ask the first gain, then (with *many*) what else, until nothing."""
        gains: list[Gain] = []
        while len(gains) < (MOST_GAINS if self.many else 1):
            text = self.text if not gains else "What else does it give him?"
            more = f".more{len(gains)}" if gains else ""
            gain = self._one(ask, f"{key}{more}", text)
            if gain is None:
                break
            gains.append(gain)
        return tuple(gains)

    def answers(self, value: tuple[Gain, ...]) -> tuple[Answer, ...]:
        """Each gain as its kind and count or building, then nothing if room is left."""
        out: list[Answer] = []
        for gain in value:
            out.append(next(w for w, k in _GAIN_KINDS if k is gain.kind))
            if gain.kind in _COUNTED:
                out.append(gain.n)
            elif gain.kind is GainKind.CONSTRUCT:
                out.append(next(w for w, b in _BUILDS if b is gain.building))
        if len(value) < (MOST_GAINS if self.many else 1):
            out.append("nothing")
        return tuple(out)


@final
@attrs.frozen(kw_only=True)
class Wording:
    """What a question's words may depend on: his side, the options, earlier facts."""

    side: Side | None
    options: Options
    known: Mapping[tuple[Fact, tuple[object, ...]], object]
    """Facts already read in this step, by fact and arguments."""

    def earlier(self, fact: Fact, args: tuple[object, ...]) -> object:
        """A fact read earlier in this step (``None`` if it was not)."""
        return self.known.get((fact, args))


def fact_key(fact: Fact, args: tuple[object, ...]) -> str:
    """The stable key part of *fact* with *args*, e.g. ``has_legal_site.mine``."""
    parts = [fact.value]
    for arg in args:
        match arg:
            case Choice():
                parts.append(str(arg.index + 1))
            case Owner() | BuildingType() | TechType() | MissionSlot() | Action():
                parts.append(arg.value)
            case Side() | LssReward() | ContractKind():
                parts.append(arg.value)
            case int():
                parts.append(str(arg))
            case Requirement():
                parts.append(arg.kind.value)
            case _:
                parts.append("that")
    return ".".join(parts)


_SCIENTISTS: Final = (
    "Geologist scores Generators, R&D Engineer Water Extractors, Hydrologist "
    "Greenhouses, Biochemist Oxygen Condensers, Geochemist Shelters, Systems "
    "Engineer Mines."
)
_SPENDABLE: Final = (
    "His Crystals he may spend now; Crystals he gained earlier in this same turn "
    "do not count (unless your options say so)."
)
_PREVIOUS_STEP: Final = (
    "The previous step is the development step just before this one (step 1 of his "
    "R&D, or the step before in a Develop benefit), not a Tech that a Lab space's "
    "benefit developed in between."
)
_TILE: Final = (
    "Eligible: a Research or Discovery tile on the map that gives him something "
    "besides Resources, whose other requirement he meets, whose Crystal cost he can "
    "pay with the Crystals he may spend now (not those gained earlier this turn, "
    "unless your options say so), with no other figure on its hex, and reachable "
    "over map hexes."
)
_HEX_ORDER: Final = "row by row from the top, left to right in each row"


def _site_hint(kind: BuildingType, options: Options) -> str:
    name = building_name(kind)
    more = (
        " + 1"
        if options.complex_tech_threshold is ComplexTechThreshold.RESULTING
        else ""
    )
    # Shelters count only his own (a Shelter has an owner); other types are shared.
    shelter = kind is BuildingType.SHELTER
    names = f"his {name}s" if shelter else f"{name}s"
    one = f"one of his {name}s" if shelter else f"another {name}"
    none = f"none of his {name}s" if shelter else f"no {name}"
    alone = (
        f"anywhere, even away from {names}"
        if options.standalone_rule is StandaloneRule.ANY
        else f"exactly 2 hexes from {one} (with {none} on Mars, anywhere)"
    )
    whose = (
        "his own Shelter Tech"
        if kind is BuildingType.SHELTER
        else f"his or your {name} Tech"
    )
    return (
        f"A site is a hex with no building. Touching {names}, it is legal if {whose} "
        f"level is at least the total size of the Complexes it touches{more}. "
        f"Touching none, it is legal {alone}. He may build anywhere on Mars (no "
        "zone limits him)."
    )


def _name(kind: BuildingType) -> str:
    return (
        "one of his Shelters" if kind is BuildingType.SHELTER else building_name(kind)
    )


def _an(kind: BuildingType) -> str:
    name = _name(kind)
    if kind is BuildingType.SHELTER:
        return name
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def _tech(tech: TechType) -> str:
    return tech.value.replace("_", " ").title()


def _count(text: str, low: int, high: int, hint: str = "") -> Count:
    return Count(text=text, low=low, high=high, hint=hint)


def shape_of(fact: Fact, args: tuple[object, ...], words: Wording) -> Shape:
    """How the table asks *fact* with *args*: the one place questions are worded."""
    options = words.options
    match fact:
        case Fact.SIDE:
            return Pick(
                text="Which side is Lacerda on?",
                choices=(("orbit", Side.ORBIT), ("colony", Side.COLONY)),
            )
        case Fact.MISSION_COMPLETED:
            (slot,) = args
            assert isinstance(slot, MissionSlot)
            return _yes(f"Is Mission {slot.name} completed?")
        case Fact.MISSION_CRYSTALS:
            (slot,) = args
            assert isinstance(slot, MissionSlot)
            return _count(
                f"How many Crystals does Mission {slot.name} pay per contribution?",
                0,
                9,
                "The number printed on the Mission's slot for each contribution.",
            )
        case Fact.COLONISTS_PRESENT:
            (action,) = args
            assert isinstance(action, Action)
            return _count(
                f"How many Colonists are on the {ACTION_NAMES[action]} action space now?",
                0,
                12,
                "Count every Colonist there (yours and his) before he places his.",
            )
        case Fact.SPENDABLE_CRYSTALS:
            return _count(
                "How many Crystals can Lacerda spend right now?", 0, 99, _SPENDABLE
            )
        case Fact.CONTRACT_CRYSTAL_COST:
            return _count("How many Crystals does taking a Contract cost?", 0, 9)
        case Fact.SUPPLY_HAS_CRYSTAL:
            return _yes("Is any Crystal left in the general supply?")
        case Fact.HAS_SHIP_LEFT:
            return _yes("Does Lacerda have a Ship left to gain?")
        case Fact.HAS_BOT_LEFT:
            return _yes("Does Lacerda have a Bot left to gain?")
        case Fact.HAS_SHELTER_LEFT:
            return _yes("Does Lacerda have a Shelter left?")
        case Fact.LSS_BELOW_COLONY_LEVEL:
            (kind,) = args
            assert isinstance(kind, BuildingType)
            return _yes(
                f"Is the {building_name(kind)} marker on the LSS track below the Colony level?"
            )
        case Fact.HAS_LEGAL_SITE:
            (kind,) = args
            assert isinstance(kind, BuildingType)
            return _yes(
                f"Is there a legal site for {_an(kind)}?", _site_hint(kind, options)
            )
        case Fact.BEST_SITE_SIZE:
            (kind,) = args
            assert isinstance(kind, BuildingType)
            name = "Shelter" if kind is BuildingType.SHELTER else building_name(kind)
            article = "an" if name[0] in "AEIOU" else "a"
            return _count(
                f"How large {article} {name} Complex does the best legal site make? "
                "(1 if it stands alone)",
                1,
                MOST_ON_MAP,
                "Resulting size = 1 + the sizes of all the Complexes of that type the "
                "site touches"
                + (" (his Shelters only)" if kind is BuildingType.SHELTER else "")
                + ". Crystals, tiles and figures on a site do not matter.",
            )
        case Fact.BEST_SITES:
            size = words.earlier(Fact.BEST_SITE_SIZE, args)
            return Labels(
                text=f"How many legal sites make a Complex of {size}?",
                prefix="site",
                hint=f"Sites are numbered {_HEX_ORDER} if they tie.",
            )
        case Fact.TECH_LEVEL:
            tech, owner = args
            assert isinstance(tech, TechType)
            whose = "Lacerda's own" if owner is Owner.LACERDA else "your"
            none = "he has" if owner is Owner.LACERDA else "you have"
            return _count(
                f"What level is {whose} {_tech(tech)} Tech? (0 if {none} none)", 0, 9
            )
        case Fact.ROVER_ON_NEW_BUILDING:
            return _yes("Was his Rover on that site?")
        case Fact.NEAREST_FREE_HEXES:
            return Labels(
                text="Once the site is cleared, how many hexes with no building and no "
                "figure are nearest to it? (0 if his Rover cannot reach any)",
                prefix="free hex",
                low=0,
                hint="Count steps hex by hex over the map from the site.",
            )
        case Fact.COLONIST_ON_HIRE_SLOT:
            return _yes("Is his Colonist on his Hire-a-Scientist slot?")
        case Fact.LSS_OFFERS:
            kind, reward = args
            assert isinstance(kind, BuildingType)
            what = (
                "his Colonist back"
                if reward is LssReward.RETRIEVE_COLONIST
                else "a Crystal"
            )
            return _yes(
                f"Does this {building_name(kind)} LSS step offer {what} as its second "
                "benefit?",
                "The LSS track shows which second benefits each step offers.",
            )
        case Fact.BLUEPRINT_DISPLAY_EMPTY:
            return YesNo(text="Is any Blueprint on the display?", yes=False, no=True)
        case Fact.HAS_FREE_MARKER:
            return _yes("Does Lacerda have a free Advanced Building marker?")
        case Fact.HAS_SCIENTIST:
            return _yes("Does Lacerda have a Scientist?")
        case Fact.DISPLAY_HAS_SCORED_BLUEPRINT:
            return _yes(
                "Is a Blueprint of a type his Scientists score on the display?",
                _SCIENTISTS,
            )
        case Fact.OBTAINED_PICKUP_CRYSTALS:
            return _count(
                "How many Crystals does that Blueprint give on pickup? (0 for a Resource)",
                0,
                9,
            )
        case Fact.LAB_ENTRY_FREE:
            return _yes("Is a space free in the first column of Lacerda's Lab?")
        case Fact.GRID_HAS_NEW_TYPE:
            return _yes("Is a Tech tile of a type Lacerda does not have on the grid?")
        case Fact.CHEAPEST_TECH_TILES:
            return Labels(
                text="Of the tiles of a type he lacks, how many are both the cheapest "
                "and the leftmost? (usually 1)",
                prefix="tile",
                high=12,
                hint="Cheapest = lowest cost rank on the Tech grid; among equal cost, "
                "the leftmost column.",
            )
        case Fact.LEARNED_SPACE_GAINS:
            return Gains(text="What does that Lab space give him?")
        case Fact.CAN_ADVANCE_ANY:
            return _yes(
                "Can any of Lacerda's Techs advance (is one below its maximum level)?"
            )
        case Fact.CAN_ADVANCE_OTHER:
            return _yes(
                "Can a Tech of his other than the one the previous step developed "
                "advance?",
                _PREVIOUS_STEP,
            )
        case Fact.CAN_ADVANCE_AGAIN:
            return _yes(
                "Can the Tech the previous step developed advance again?",
                _PREVIOUS_STEP,
            )
        case Fact.HAS_TECH:
            (tech,) = args
            assert isinstance(tech, TechType)
            return _yes(f"Does Lacerda have a {_tech(tech)} Tech?")
        case Fact.CAN_ADVANCE_TECH:
            (tech,) = args
            assert isinstance(tech, TechType)
            return _yes(
                f"Can his {_tech(tech)} Tech advance (is it below its maximum)?"
            )
        case Fact.DEVELOPED_SPACE_GAINS:
            return Gains(text="What does the Lab space it entered give him?")
        case Fact.HAS_UPGRADE_BLUEPRINT:
            return _yes(
                "Does Lacerda hold an unused Blueprint that has an eligible building?",
                "Eligible: a building of the Blueprint's type, not yet upgraded "
                "(Shelters only his own); a Level 3 Blueprint needs a Complex of 3 "
                "or more.",
            )
        case Fact.UPGRADE_BLUEPRINTS:
            return Labels(
                text="He prefers a type his Scientists score, then Level 3: how many "
                "building types do the Blueprints still tied show?",
                prefix="Blueprint type",
                high=6,
                hint="Blueprints of the same type and level count once: he may use either.",
            )
        case Fact.ELIGIBLE_BUILDINGS:
            return Labels(
                text="How many buildings are eligible for that Blueprint?",
                prefix="building",
            )
        case Fact.UPGRADE_CAPACITY:
            (owner,) = args
            whose = "his own" if owner is Owner.LACERDA else "your"
            return _count(
                f"How many buildings may he upgrade per action with {whose} Upgrade "
                "Tech? (1 without one)",
                1,
                9,
            )
        case Fact.SCIENTIST_COUNT:
            return _count("How many Scientists does Lacerda have?", 0, 2)
        case Fact.SCIENTIST_DISPLAY_EMPTY:
            return YesNo(text="Is a Scientist on the display?", yes=False, no=True)
        case Fact.CONTRACT_DISPLAY_EMPTY:
            return YesNo(text="Is a Contract on the display?", yes=False, no=True)
        case Fact.BEST_SCIENTISTS:
            return Labels(
                text="How many display Scientists tie for the highest potential?",
                prefix="Scientist",
                high=6,
                hint="Potential = 3 x the Blueprints of the type the Scientist scores "
                f"held by you and him together, used or not. {_SCIENTISTS}",
            )
        case Fact.BEST_CONTRACTS:
            return Labels(
                text="How many display Contracts tie for the most OP when completed?",
                prefix="Contract",
                high=6,
                hint="Upgrade Contracts are worth 12, Delivery Contracts 9.",
            )
        case Fact.CONTRACT_KIND:
            return Pick(
                text="Is that Contract an Upgrade or a Delivery Contract?",
                choices=(
                    ("upgrade", ContractKind.UPGRADE),
                    ("delivery", ContractKind.DELIVERY),
                ),
            )
        case Fact.NEAREST_TILES:
            return Labels(
                gate="Is there a tile his Rover could collect?",
                gate_hint=_TILE,
                text="How many of those tiles are nearest to his Rover (fewest steps)?",
                prefix="tile",
                hint="Count steps hex by hex over the map from his Rover (from the "
                "initial Mine if his Rover is not on the map).",
            )
        case Fact.TARGET_STEPS:
            return _count("How many steps away is that tile?", 0, MOST_ON_MAP)
        case Fact.TARGET_CRYSTAL_COST:
            return _count("How many Crystals does collecting that tile cost?", 0, 9)
        case Fact.BEST_PATHS:
            _, length = args
            return Labels(
                text="Of the shortest paths toward it, how many end differently among "
                "those picking up the most Crystals?",
                prefix="path",
                hint=f"He moves at most {length} hexes. He picks up at most as many "
                "Crystals as he has free Depot spaces. Two paths end differently if he "
                "stops on different hexes or picks up Crystals from different hexes; "
                "usually there is 1.",
            )
        case Fact.PATH_MOVED:
            _, length, _ = args
            assert isinstance(length, int)
            return _count(
                "How many hexes does his Rover move along that path?",
                0,
                length,
                f"He stops on the farthest hex within {length} that holds no other figure.",
            )
        case Fact.MOVED_CRYSTAL_COUNT:
            return _count(
                "How many Crystals lie on the hexes his Rover entered (the last one "
                "included)?",
                0,
                MOST_ON_MAP,
            )
        case Fact.COLLECTED_TILE_REWARD:
            return Gains(text="What does the tile give him?", many=True)
        case Fact.WAREHOUSE_ITEM:
            return Pick(
                text="Which Warehouse item has the most units? (a Crystal wins a tie, "
                "else the leftmost)",
                choices=(*((i.value, i) for i in Item), ("empty", None)),
                hint="Answer empty if the Warehouse holds nothing.",
            )
        case Fact.FIRST_COLONIST_TILE_COUNT:
            return _count("How many First Colonist tiles are in play?", 1, 12)
        case Fact.STARTING_SIDE:
            return Pick(
                text="On which side is that space?",
                choices=(("orbit", Side.ORBIT), ("colony", Side.COLONY)),
            )
        case Fact.SPACE_GAINS:
            return Gains(text="What does that space give?")
        case Fact.SHUTTLE_DEPARTS:
            return _yes("Does the Shuttle depart this round?")
        case Fact.SHUTTLE_FROM:
            his = words.side or Side.ORBIT
            other = Side.COLONY if his is Side.ORBIT else Side.ORBIT
            return YesNo(
                text=f"Does it depart from his side ({his.value.title()})?",
                yes=his,
                no=other,
            )
        case Fact.FREE_SPACE_COUNT:
            (side,) = args
            assert isinstance(side, Side)
            return _count(
                f"How many Turn Order spaces are free on the {side.value.title()} side?",
                0,
                12,
            )
        case Fact.EXPLORATION_TILE_LEFT:
            return _yes("Is a Discovery tile on the Exploration spaces?")
        case Fact.DISCOVERY_SITES:
            crystal = "" if options.discovery_site_allows_crystal else ", no Crystal"
            return Labels(
                text="How many empty hexes are exactly 3 hexes from his Rover and, "
                "among those, farthest from your Rover?",
                prefix="hex",
                low=0,
                high=18,
                hint=f"Empty: no building, no tile, no figure{crystal}. Count distance "
                "as the crow flies over the hex grid; a Rover off the map counts as "
                "on the initial Mine.",
            )
        case Fact.USED_TECH:
            return Pick(
                text="Which of his Techs did you use?",
                choices=tuple((t.value.replace("_", " "), t) for t in TechType),
            )
        case Fact.OP_TRACK:
            return _count("Lacerda's OP on the score track?", 0, 500)
        case Fact.PROGRESS_CUBES:
            return _count("His Progress cubes?", 0, 5)
        case Fact.TECH_POINTS:
            return _count("His Tech tiles' OP by Lab column values, in all?", 0, 200)
        case Fact.SHIPS_IN_HANGAR:
            return _count("His Ships in the Hangar?", 0, 12)
        case Fact.BUILT_BLUEPRINTS:
            (level,) = args
            return _count(f"His built Level {level} Blueprints?", 0, 12)
        case Fact.SCIENTIST_BUILDINGS:
            return _count(
                "Advanced Buildings on Mars (anyone's) of the types his Scientists "
                "score, in all?",
                0,
                60,
                _SCIENTISTS,
            )
        case Fact.CONTRACTS:
            (kind,) = args
            assert isinstance(kind, ContractKind)
            return _count(f"His {kind.value.title()} Contracts?", 0, 6)
        case Fact.LIVING_QUARTERS_TOP:
            return _count("Top value of his Living Quarters track?", 0, 60)
        case Fact.HUMAN_TOTAL:
            return _count("Your final score?", 0, 500)
        case Fact.REQUIREMENT_MET:
            _, requirement = args
            assert isinstance(requirement, Requirement)
            return _yes(f"Solo Goal: {describe_requirement(requirement)}?")
        case unreachable:
            assert_never(unreachable)
