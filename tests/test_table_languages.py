"""``lacerda-bot play`` in each language: its words, typed answers, and the pseudo-locale.

The pseudo-locale accents every letter and makes every message about 40 %
longer (``tools/catalogs.py``): at 40 columns nothing may be cut, and a plain
English word left on screen is a message the catalogs do not have.
"""

import gettext
import io
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from babel.messages.mofile import write_mo

from lacerda_bot._facts import Query
from lacerda_bot.cli import main
from lacerda_bot.language import Language, Words, words_for
from lacerda_bot.options import Options, TiePolicy
from lacerda_bot.reference import play_game
from lacerda_bot.reference._table import PerfectPlayer
from lacerda_bot.table._engine.dialogue import Say
from lacerda_bot.table._engine.questions import QUESTIONS, shape_of
from lacerda_bot.table._engine.tracked import Tracked
from lacerda_bot.table._game.driver import Run, StepKind, run_step
from lacerda_bot.table._game.session import new_game, save_game
from lacerda_bot.table._game.state import TableState

from .helpers_terminal import SETUP, SKIP_TURN, session
from .test_catalogs import catalogs
from .test_table_questions import ARGS, TRACKED, WORDS, Answers, _sample_answers

# the same game as helpers_terminal.SETUP + SKIP_TURN, typed in each language
_TYPED = {
    Language.PT: ("preparação", "nada", "turno", "não", "nao"),
    Language.DE: ("aufbau", "nichts", "zug", "nein", "n"),
    Language.FR: ("preparation", "rien", "tour", "non", "n"),
    Language.ES: ("preparación", "nada", "turno", "no", "n"),
}
_SAID = {
    Language.PT: "Lacerda, o bot solo de On Mars (não oficial).",
    Language.DE: "Lacerda, der Solo-Bot von On Mars (inoffiziell).",
    Language.FR: "Lacerda, le bot solo d'On Mars (non officiel).",
    Language.ES: "Lacerda, el bot en solitario de On Mars (no oficial).",
}


def _typed(language: Language) -> list[str]:
    setup, nothing, turn, no, n = _TYPED[language]
    return [setup, *SETUP[1:-1], nothing, turn, no, n]


@pytest.mark.parametrize("language", list(_TYPED))
def test_a_game_typed_in_the_language(tmp_path: Path, language: Language) -> None:
    """The same steps as in English, typed in *language*: the same save."""
    words = words_for(language)
    out, terminal = session(_typed(language), tmp_path / "g.json", words=words)
    assert _SAID[language] in out
    english, _ = session([*SETUP, *SKIP_TURN], tmp_path / "e.json")
    assert (tmp_path / "g.json").read_bytes() == (tmp_path / "e.json").read_bytes()
    assert [step.kind.value for step in terminal.game.steps] == ["setup", "turn"]
    assert "Lacerda, the On Mars solo bot" in english


@pytest.mark.parametrize("language", list(_TYPED))
def test_english_answers_still_work(tmp_path: Path, language: Language) -> None:
    out, terminal = session(
        [*SETUP, *SKIP_TURN], tmp_path / "g.json", words=words_for(language)
    )
    assert [step.kind.value for step in terminal.game.steps] == ["setup", "turn"]
    assert _SAID[language] in out


def test_a_game_started_in_german_resumes_in_english(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session(_typed(Language.DE), path, words=words_for(Language.DE))
    out, terminal = session(["status"], path)
    assert "Resumed: round 1, 1 turn taken" in out
    assert len(terminal.game.steps) == 2


@pytest.mark.parametrize("language", list(_TYPED))
def test_help_keeps_its_columns(tmp_path: Path, language: Language) -> None:
    out, _ = session(["help"], tmp_path / "g.json", words=words_for(language))
    rows = [
        line for line in out.splitlines() if line.startswith("  ") and "  " in line[2:]
    ]
    starts = {len(line) - len(line[2:].split("  ", 1)[1].lstrip()) for line in rows}
    assert len(rows) == 14
    assert len(starts) == 1


def test_a_refused_answer_names_the_answers_in_the_language(tmp_path: Path) -> None:
    out, _ = session(
        ["aufbau", "viele"], tmp_path / "g.json", words=words_for(Language.DE)
    )
    assert "Bitte antworte so: eine ganze Zahl von 0 bis 30" in out


# --- the pseudo-locale ------------------------------------------------------------


def _pseudo() -> Words:
    mo = io.BytesIO()
    write_mo(mo, catalogs.pseudo_catalog())
    mo.seek(0)
    return Words(Language.EN, gettext.GNUTranslations(mo))


_PROPER = frozenset(
    {"Lacerda", "On", "Mars", "Ctrl", "lacerda", "bot", "play", "resume", "json"}
)
_WORD = re.compile(r"[A-Za-z]{2,}")


_PSEUDO = _pseudo()


def _english(out: str, path: Path) -> list[str]:
    """The lines of *out* with a plain ASCII word that is no proper name, path or rule."""
    found = []
    for line in out.replace(str(path), "").splitlines():
        words = set(_WORD.findall(re.sub(r"R-[A-Z]+-\d+", "", line)))
        if words - _PROPER:
            found.append(line)
    return found


def test_the_pseudo_locale_chrome_is_translated_and_uncut_at_40_columns(
    tmp_path: Path,
) -> None:
    """The prompt loop's own words (help, commands, undo, redo, quit) in pseudo."""
    path = tmp_path / "g.json"
    save_game(new_game(0), path)
    out, _ = session(
        ["help", "?", "why", "bogus", "quit"], path, words=_pseudo(), width=40
    )
    lines = [part for line in out.splitlines() for part in line.split("> ")]
    assert [line for line in lines if len(line) > 40 and str(path) not in line] == []
    assert _english(out, path) == []
    assert "~~" in out  # the padding survived: nothing was cut


def test_a_pseudo_locale_game_has_no_english_left(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    out, _ = session(
        ["help", *SETUP, "turn", "?", "0", "why", "status"],
        path,
        words=_pseudo(),
        width=40,
    )
    assert _english(out, path) == []


# --- the command line -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "environ", "said"),
    [
        (["--lang", "fr"], {"LANG": "de_DE.UTF-8"}, "Nouvelle partie, graine 7"),
        ([], {"LANG": "de_DE.UTF-8"}, "Neues Spiel, Seed 7"),
        ([], {"LANGUAGE": "es:pt", "LANG": "de_DE.UTF-8"}, "Partida nueva, semilla 7"),
        ([], {"LC_ALL": "C"}, "New game, seed 7"),
    ],
)
def test_play_speaks_the_language_chosen(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    environ: dict[str, str],
    said: str,
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "7", "--plain", *args]) == 0
    assert said in capsys.readouterr().out


def test_play_refuses_a_language_it_does_not_ship(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--seed", "7", "--lang", "tlh"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err
    assert "one of en, pt, de, fr, es" in err
    assert list(tmp_path.iterdir()) == []  # nothing saved


# --- every question and every decision ----------------------------------------------


def _untranslated(said: str) -> set[str]:
    """The plain ASCII words of *said* that are no proper name or rule ID."""
    return set(_WORD.findall(re.sub(r"R-[A-Z]+-\d+", "", said))) - _PROPER


@pytest.mark.parametrize("policy", list(TiePolicy), ids=lambda p: p.value)
@pytest.mark.parametrize("tracked", [None, TRACKED], ids=["asked", "tracked"])
@pytest.mark.parametrize("kind", list(QUESTIONS), ids=lambda k: k.key)
def test_every_question_is_said_in_the_pseudo_locale(
    kind: type[Query[Any]], tracked: Tracked | None, policy: TiePolicy
) -> None:
    """Every question the engine can ask, and its ``?`` words, with no English left."""
    query = kind(*ARGS.get(kind, ()))
    wording = attrs.evolve(WORDS, tracked=tracked, options=Options(tie_policy=policy))
    shape = shape_of(query, wording)
    sample, _ = _sample_answers(shape)
    answers = Answers(sample)
    shape.read(answers, "turn1.k")
    pseudo = _PSEUDO
    for question in answers.asked:
        for said in (
            pseudo.say(question.text),
            pseudo.say(question.hint),
            pseudo.say(question.limit),
            question.valid_answers(pseudo),
            question.short_form(pseudo),
        ):
            assert _untranslated(said) == set(), said


@pytest.mark.parametrize(
    "language", [Language.PT, Language.DE, Language.FR, Language.ES]
)
@pytest.mark.parametrize("kind", list(QUESTIONS), ids=lambda k: k.key)
def test_every_question_is_said_in_each_language(
    kind: type[Query[Any]], language: Language
) -> None:
    """Said in each shipped language, every question fills all its placeholders."""
    query = kind(*ARGS.get(kind, ()))
    shape = shape_of(query, attrs.evolve(WORDS, tracked=TRACKED))
    sample, _ = _sample_answers(shape)
    answers = Answers(sample)
    shape.read(answers, "turn1.k")
    words = words_for(language)
    for question in answers.asked:
        for said in (words.say(question.text), words.say(question.hint)):
            assert "{" not in said, said
        text = words.say(question.text)
        assert text != str(question.text) or not _untranslated(str(question.text))


class _Wordy(PerfectPlayer):
    """A perfect player that also words every step, keeping the lines."""

    def __init__(self, goal: str) -> None:
        super().__init__(goal)
        self.lines: list[Say] = []

    def _run(self, state: TableState, step: StepKind, source: Any) -> Run:
        run = run_step(state, step, (), source=source, words=True)
        assert run.question is None
        self.lines.extend(run.lines)
        return run


@pytest.mark.parametrize(
    ("seed", "goal", "options"),
    [
        (3, "first_colonists", Options(tie_policy=TiePolicy.CARDS)),
        (11, "next_generation", Options(tie_policy=TiePolicy.UNIFORM)),
        (24, "hunky_dory", Options(tie_policy=TiePolicy.CHOSEN)),
        (5, "a_martian_potato", Options(tie_policy=TiePolicy.CARDS)),
    ],
)
def test_whole_games_are_said_in_the_pseudo_locale(
    seed: int, goal: str, options: Options
) -> None:
    """Every line of whole reference games, and its ``why``, has no English left."""
    player = _Wordy(goal)
    play_game(seed, goal=goal, options=options, watch=player)
    assert len(player.lines) > 100
    for line in player.lines:
        for said in (_PSEUDO.say(line.text), *(_PSEUDO.say(w) for w in line.why)):
            assert _untranslated(said) == set(), said
        for language in (Language.PT, Language.DE, Language.FR, Language.ES):
            assert "{" not in words_for(language).say(line.text)
