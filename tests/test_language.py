"""The player's language: choosing it, and saying messages in it."""

import gettext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot.errors import InvalidValueError
from lacerda_bot.language import (
    ENGLISH,
    Language,
    Listing,
    Words,
    choose_language,
    folded,
    msg,
    msg_c,
    msg_n,
    parse_language,
    words_for,
)

# --- choosing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("de", Language.DE),
        ("pt_BR.UTF-8", Language.PT),
        ("fr-CA", Language.FR),
        ("es_ES@euro", Language.ES),
        ("EN_gb", Language.EN),
        ("C", Language.EN),
        ("POSIX", Language.EN),
        ("C.UTF-8", Language.EN),
        ("ja_JP", None),
        ("", None),
        ("deu", None),
    ],
)
def test_locale_names(code: str, language: Language | None) -> None:
    assert parse_language(code) is language


def test_the_flag_wins_over_the_environment() -> None:
    assert choose_language("pt", {"LANGUAGE": "de", "LC_ALL": "fr_FR"}) is Language.PT


def test_an_unknown_flag_is_refused_with_the_codes() -> None:
    with pytest.raises(InvalidValueError) as refused:
        choose_language("klingon", {})
    assert refused.value.field == "--lang"
    assert refused.value.expected == "one of en, pt, de, fr, es"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, Language.EN),
        ({"LANG": "de_DE.UTF-8"}, Language.DE),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"}, Language.ES),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"}, Language.FR),
        ({"LANGUAGE": "ja:pt_PT:de", "LANG": "fr_FR"}, Language.PT),
        ({"LANGUAGE": "ja", "LANG": "fr_FR"}, Language.FR),  # then the locale
        ({"LANG": "ja_JP.UTF-8"}, Language.EN),  # nothing shipped: English
        ({"LC_ALL": "", "LANG": "es_MX"}, Language.ES),  # an empty variable is unset
        ({"LC_ALL": "C", "LANG": "es_MX"}, Language.EN),
    ],
)
def test_the_environment_as_gettext_reads_it(
    environ: dict[str, str], language: Language
) -> None:
    assert choose_language(None, environ) is language


@given(st.dictionaries(st.sampled_from(["LANGUAGE", "LC_ALL", "LANG", "X"]), st.text()))
def test_any_environment_gives_a_language(environ: dict[str, str]) -> None:
    assert isinstance(choose_language(None, environ), Language)


# --- saying -----------------------------------------------------------------------


def test_a_message_is_english_until_said() -> None:
    m = msg("Saved in {path}.", path="g.json")
    assert str(m) == "Saved in g.json." == ENGLISH.say(m)
    assert words_for(Language.FR).say(m) == "Enregistré dans g.json."


@pytest.mark.parametrize(("n", "said"), [(0, "0 steps"), (1, "1 step"), (2, "2 steps")])
def test_plural_forms(n: int, said: str) -> None:
    m = msg_n(
        "Undone: the last {step} step. {n} step to redo.",
        "Undone: the last {step} step. {n} steps to redo.",
        n,
        step="turn",
    )
    assert said in str(m)


@pytest.mark.parametrize(
    ("language", "n", "said"),
    [
        (Language.PT, 0, "0 passos"),  # European Portuguese: zero is plural
        (Language.FR, 0, "0 étape à"),  # French: zero is singular
        (Language.DE, 1, "1 Schritt zum"),
        (Language.ES, 2, "2 pasos"),
    ],
)
def test_each_language_has_its_plural_rule(
    language: Language, n: int, said: str
) -> None:
    m = msg_n(
        "Undone: the last {step} step. {n} step to redo.",
        "Undone: the last {step} step. {n} steps to redo.",
        n,
        step="x",
    )
    assert said in words_for(language).say(m)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (Language.EN, "a, b and c"),
        (Language.PT, "a, b e c"),
        (Language.DE, "a, b und c"),
        (Language.FR, "a, b et c"),
        (Language.ES, "a, b y c"),
    ],
)
def test_lists_in_each_language(language: Language, said: str) -> None:
    words = words_for(language)
    assert words.join(["a", "b", "c"]) == said
    assert words.say(Listing(("a", "b", "c"))) == said
    assert words.join([]) == ""
    assert words.join(["a"]) == "a"


def test_a_placeholder_may_be_a_message_said_in_the_same_language() -> None:
    inner = msg("Nothing to undo.")
    outer = msg("Not now: {reason}.", reason=inner)
    assert str(outer) == "Not now: Nothing to undo.."
    assert (
        words_for(Language.DE).say(outer)
        == "Nicht jetzt: Nichts rückgängig zu machen.."
    )


class _Broken(gettext.NullTranslations):
    """A catalog whose translation names a placeholder the English has not."""

    def gettext(self, message: str) -> str:
        return "Gespeichert in {pfad}."


def test_a_broken_translation_is_said_in_english() -> None:
    words = Words(Language.DE, _Broken())
    assert words.say(msg("Saved in {path}.", path="g.json")) == "Saved in g.json."


def test_answers_are_the_language_word_and_the_english() -> None:
    assert words_for(Language.PT).answers("no") == ("nao", "no")
    assert words_for(Language.DE).answers("status") == ("status",)
    assert ENGLISH.answers("yes") == ("yes",)
    assert msg_c("answer", "yes").context == "answer"


@given(st.text())
def test_folding_is_idempotent_and_keeps_ascii_digits_apart(typed: str) -> None:
    once = folded(typed)
    assert folded(once) == once
    assert ("²" in once) == ("²" in typed.casefold())  # never a digit: not a count


@pytest.mark.parametrize("language", list(Language))
def test_every_language_loads_and_translates(language: Language) -> None:
    words = words_for(language)
    assert words.language is language
    said = words.say(msg("Nothing to undo."))
    assert (said == "Nothing to undo.") is (language is Language.EN)
    assert language.native_name
