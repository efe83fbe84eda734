"""Vocabulary, geometry and value validation."""

import pytest

from lacerda_bot import BotState, InvalidValueError, Options, new_bot
from lacerda_bot.decisions import GainShip
from lacerda_bot.hexmap import Hex, dist, ring, steps_from
from lacerda_bot.lab import staggered
from lacerda_bot.model import (
    BuildingType,
    ContractKind,
    Gain,
    GainKind,
    HostId,
    TechType,
    next_in_sequence,
)
from lacerda_bot.records import ContractSlot, LssMarkers, OwnTech
from lacerda_bot.render import describe_with_rules
from lacerda_bot.testing import small_board


def test_hex_order_is_canonical() -> None:
    """Spec §0: hexes sort by r, then q."""
    assert sorted([Hex(1, 0), Hex(0, 1), Hex(-1, 0)]) == [
        Hex(-1, 0),
        Hex(1, 0),
        Hex(0, 1),
    ]
    assert Hex(0, 0) <= Hex(0, 0)
    assert str(Hex(2, -1)) == "(2,-1)"


def test_ring_and_steps() -> None:
    """Rings hold 6r hexes at distance r; steps follow map hexes only."""
    assert ring(Hex(0, 0), 0) == (Hex(0, 0),)
    assert len(ring(Hex(1, 1), 3)) == 18
    assert all(dist(h, Hex(1, 1)) == 3 for h in ring(Hex(1, 1), 3))
    line = [Hex(q, 0) for q in range(4)]
    assert steps_from(line, Hex(0, 0))[Hex(3, 0)] == 3


def test_next_in_sequence_refuses_shelters() -> None:
    """T2 has no Shelter icon."""
    assert next_in_sequence(BuildingType.OXYGEN_CONDENSER) is BuildingType.MINE
    with pytest.raises(InvalidValueError, match="building"):
        next_in_sequence(BuildingType.SHELTER)


def test_gain_fields_are_checked() -> None:
    """Only counted gains carry n; only CONSTRUCT carries a type."""
    with pytest.raises(InvalidValueError, match=r"Gain\.n"):
        Gain(kind=GainKind.BOT, n=2)
    with pytest.raises(InvalidValueError, match=r"Gain\.building"):
        Gain(kind=GainKind.TECH, building=BuildingType.MINE)
    assert (
        str(Gain(kind=GainKind.CONSTRUCT, building=BuildingType.MINE))
        == "construct(mine)"
    )


def test_records_helpers() -> None:
    """LSS markers ignore Mines; Contract OP defaults from T4; V9: a Tech's level is its column."""
    markers = LssMarkers()
    assert markers.raised(BuildingType.MINE) == markers
    assert ContractSlot(slot=0, id=HostId("c"), kind=ContractKind.DELIVERY).op == 9
    spaces = staggered(
        (2, 3, 2),
        techs={HostId("c3-bottom"): TechType.MINE, HostId("c1-top"): TechType.ROVER},
    )
    board = small_board(lab_spaces=spaces, lab_columns=3)
    assert board.lacerda_techs == tuple(
        OwnTech(tech=s.tech, level=s.column, space=s.id, position=s.position)
        for s in board.lab_spaces
        if s.tech is not None
    )
    assert [(t.tech, t.level, t.space) for t in board.lacerda_techs] == [
        (TechType.ROVER, 1, "c1-top"),
        (TechType.MINE, 3, "c3-bottom"),
    ]


def test_options_refuse_wrong_types() -> None:
    """Bad input: an option of the wrong type names the option."""
    with pytest.raises(InvalidValueError, match="tie_policy"):
        Options(tie_policy="cards")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="prefer_own_tech"):
        Options(prefer_own_tech=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="options"):
        new_bot(0, "fast")  # type: ignore[arg-type]


def test_bot_state_refuses_bad_piles() -> None:
    """Bad input: piles must be tuples of the 12 card ids."""
    with pytest.raises(InvalidValueError, match="draw_pile"):
        BotState(seed=0, draw_pile=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="card id"):
        BotState(seed=0, draw_pile=tuple(range(1, 13)), last_card=99)


def test_bot_state_names_a_card_held_twice_where_it_is_the_second_time() -> None:
    """R-DECK-4: a repeated card names its second place and its first; a lost one is listed."""
    cards = tuple(range(1, 13))
    with pytest.raises(InvalidValueError) as twice:
        BotState(seed=0, draw_pile=cards[:11], discard_pile=(3,))
    with pytest.raises(InvalidValueError) as held:
        BotState(seed=0, draw_pile=cards, current_card=12)
    with pytest.raises(InvalidValueError) as missing:
        BotState(seed=0, draw_pile=cards[:10])

    assert (twice.value.field, twice.value.value) == ("discard_pile[0]", 3)
    assert (
        twice.value.expected == "a card held nowhere else (draw_pile[2] holds it too)"
    )
    assert held.value.field == "current_card"
    assert missing.value.expected == "the 12 card ids, each once (11, 12 missing)"


def test_describe_without_rules() -> None:
    """A decision with no rules renders without brackets."""
    assert describe_with_rules(GainShip()) == "Lacerda gains a Ship"


def test_every_enum_of_the_package_hashes_by_identity() -> None:
    """The library's enums derive from its base, hashed in C by identity."""
    import enum
    import importlib
    import pkgutil

    import lacerda_bot
    from lacerda_bot._enum import IdentityEnum

    found: list[type[enum.Enum]] = []
    for info in pkgutil.walk_packages(lacerda_bot.__path__, "lacerda_bot."):
        if info.name.endswith("__main__") or info.name.startswith(
            ("lacerda_bot.web", "lacerda_bot.reference._cluster")
        ):
            continue
        module = importlib.import_module(info.name)
        found.extend(
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, enum.Enum)
            and value.__module__ == info.name
            and not issubclass(value, str)  # a StrEnum hashes as its text
            and len(value) > 0  # not the base itself
        )
    assert len(found) > 30
    for cls in found:
        assert issubclass(cls, IdentityEnum), cls
        member = next(iter(cls))
        assert hash(member) == object.__hash__(member)
        assert {member: 1}[cls(member.value)] == 1
