"""The shape of the public API: __all__, final frozen classes, documented callables."""

import enum
import importlib
import inspect
import pkgutil

import attrs
import pytest

import lacerda_bot

PUBLIC_MODULES = sorted(
    m.name.removeprefix("lacerda_bot.")
    for m in pkgutil.walk_packages(lacerda_bot.__path__, prefix="lacerda_bot.")
    if not any(part.startswith("_") for part in m.name.split("."))
)


def _module(name: str) -> object:
    return importlib.import_module(f"lacerda_bot.{name}")


def test_all_is_sorted_and_complete() -> None:
    """__all__ is sorted and names every public, non-module attribute of the package."""
    names = lacerda_bot.__all__
    public = {
        n
        for n, v in vars(lacerda_bot).items()
        if not n.startswith("_") and not inspect.ismodule(v)
    }

    assert names == sorted(names, key=lambda n: (not n.isupper(), n))
    assert set(names) == public


def test_required_names_are_exported() -> None:
    """Issue contract: these names are importable from lacerda_bot."""
    for name in (
        "SOLO_CARDS",
        "new_bot",
        "take_turn",
        "human_used_tech",
        "dumps",
        "loads",
        "Options",
    ):
        assert hasattr(lacerda_bot, name)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_module_declares_all(name: str) -> None:
    """Every public module declares __all__, and each name exists."""
    module = _module(name)
    names = getattr(module, "__all__", None)

    assert names is not None
    for item in names:
        assert hasattr(module, item)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_public_classes_are_final_and_frozen(name: str) -> None:
    """Every public attrs class is @final and frozen."""
    module = _module(name)
    for item in getattr(module, "__all__", ()):
        value = getattr(module, item)
        if inspect.isclass(value) and attrs.has(value):
            assert getattr(value, "__final__", False), f"{name}.{item} is not @final"
            instance = object.__new__(value)
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(instance, attrs.fields(value)[0].name, None)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_public_callables_are_documented(name: str) -> None:
    """Every public function and class has a docstring."""
    module = _module(name)
    assert module.__doc__
    for item in getattr(module, "__all__", ()):
        value = getattr(module, item)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert value.__doc__, f"{name}.{item} has no docstring"


def test_enum_values_are_lowercase_strings() -> None:
    """Enum values are the JSON format: lowercase strings."""
    for item in lacerda_bot.__all__:
        value = getattr(lacerda_bot, item)
        if inspect.isclass(value) and issubclass(value, enum.Enum):
            for member in value:
                assert isinstance(member.value, str)
                assert member.value == member.value.lower()


def test_the_old_facts_module_still_loads_its_names_with_a_warning() -> None:
    """A name of the facts interface, now private, loads from its old home for a release."""
    from lacerda_bot import _facts, facts

    with pytest.warns(DeprecationWarning, match="lacerda_bot.facts.Choice"):
        choice = facts.Choice
    assert choice is _facts.Choice
    with pytest.raises(AttributeError, match="no_such_name"):
        facts.no_such_name  # noqa: B018


def test_what_the_facade_exports_from_private_modules_has_it_as_home() -> None:
    """Board, BotState, the Solo Goals, scoring and the calls: ``lacerda_bot`` is their
    home (pickling and help() name it), and their annotations still resolve there."""
    import pickle
    import typing

    import lacerda_bot

    for name in ("Board", "BotState", "SoloGoal", "ScoreBreakdown", "take_turn"):
        assert getattr(lacerda_bot, name).__module__ == "lacerda_bot", name
    for name in lacerda_bot.__all__:
        value = getattr(lacerda_bot, name)
        if isinstance(value, type) and value.__module__ == "lacerda_bot":
            typing.get_type_hints(value)  # raises NameError on an unresolvable one
    goal = lacerda_bot.SOLO_GOALS[0]
    assert pickle.loads(pickle.dumps(goal)) == goal


def test_a_name_the_facade_used_to_export_loads_from_it_with_a_warning() -> None:
    """The decisions, enums and options moved to their modules load from the facade for a
    release, each with a warning naming the module to import it from."""
    from lacerda_bot import decisions, model

    with pytest.warns(DeprecationWarning, match="import it from lacerda_bot.decisions"):
        gain_ship = lacerda_bot.GainShip
    assert gain_ship is decisions.GainShip
    with pytest.warns(DeprecationWarning, match="lacerda_bot.model"):
        assert lacerda_bot.Side is model.Side
    assert "GainShip" not in lacerda_bot.__all__
    with pytest.raises(AttributeError, match="no_such_name"):
        lacerda_bot.no_such_name  # noqa: B018


def test_the_reference_modules_of_0_2_still_load_their_names_with_a_warning() -> None:
    """``reference.game``, ``simulate`` and ``cluster`` are private now: what the
    ``reference`` facade exports is named there, the rest is private."""
    from lacerda_bot import reference
    from lacerda_bot.reference import _game, game, simulate

    with pytest.warns(
        DeprecationWarning, match="import it from lacerda_bot.reference$"
    ):
        assert simulate.run_batch is reference.run_batch
    with pytest.warns(DeprecationWarning, match="MAX_ROUNDS .*private now"):
        assert game.MAX_ROUNDS == _game.MAX_ROUNDS
    with pytest.raises(AttributeError, match="no_such_name"):
        game.no_such_name  # noqa: B018


def test_the_web_names_of_0_2_still_load_with_a_warning() -> None:
    """The web build's runtime details are private; their 0.2 names still load."""
    from lacerda_bot import web
    from lacerda_bot.web import _serve

    assert web.__all__ == ["build_site", "make_server"]
    with pytest.warns(DeprecationWarning, match="lacerda_bot.web.qr_lines"):
        assert web.qr_lines is _serve.qr_lines
