"""Terminal text: wrapped on visible width, choices kept whole, colour marked for readline."""

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from lacerda_bot.table._lines import for_readline, shown, unbroken, visible_width, wrap

from .helpers_terminal import SETUP, session

_COLOURS = st.sampled_from(["", "\x1b[1;33m", "\x1b[0m", "\x1b[2m"])
_WORDS = st.lists(
    st.tuples(_COLOURS, st.text("abcxyz-:,.", min_size=1, max_size=12), _COLOURS).map(
        "".join
    ),
    min_size=1,
    max_size=30,
)


@given(_WORDS, st.integers(min_value=8, max_value=60))
def test_a_wrapped_line_fits_its_visible_width_and_keeps_every_word(
    words: list[str], width: int
) -> None:
    """Colour codes take no column: no line is wider than the width on screen unless
    one word is, and the words come back in order."""
    lines = wrap(" ".join(words), width, "  ")
    for line in lines:
        assert visible_width(line) <= width or len(line.strip().split(" ")) == 1
    assert " ".join(" ".join(lines).split()) == " ".join(" ".join(words).split())


@given(
    st.lists(
        st.lists(
            st.text("abcdefgh", min_size=1, max_size=9), min_size=1, max_size=3
        ).map(" ".join),
        min_size=2,
        max_size=8,
        unique=True,
    ),
    st.integers(min_value=8, max_value=40),
)
def test_a_choice_list_breaks_only_between_choices(
    choices: list[str], width: int
) -> None:
    """``[water extractor/mine]`` never breaks inside ``water extractor``: a line ends
    after a ``/`` or at the space of ``Which? [``, never elsewhere."""
    text = "Which? [" + "/".join(choices) + "]"
    lines = wrap(unbroken(text, choices), width, "")
    at = 0
    for line in lines:
        assert text.startswith(line, at)
        at += len(line)
        if at < len(text):
            if text[at] == " ":
                assert at == len("Which?")
                at += 1
            else:
                assert text[at - 1] == "/"
    assert at == len(text)


def test_the_marks_of_a_kept_choice_are_never_printed() -> None:
    marked = unbroken("[water extractor/mine]", ["water extractor", "mine"])
    assert shown(marked) == "[water extractor/mine]"
    assert marked != shown(marked)


def test_a_prompt_for_readline_marks_each_colour_code_and_nothing_else() -> None:
    prompt = "\x1b[1;36mHow many?\x1b[0m [0-9] > "
    marked = for_readline(prompt)
    assert marked == "\x01\x1b[1;36m\x02How many?\x01\x1b[0m\x02 [0-9] > "
    assert for_readline("plain > ") == "plain > "


def test_in_colour_at_40_columns_no_line_wraps_early_or_runs_past(
    tmp_path: Path,
) -> None:
    """With colour on, lines are measured on screen: they break where plain ones do,
    and none is wider than 40 columns (but for a path, kept whole, and a prompt's line, which holds the input after it)."""
    coloured, _ = session(SETUP, tmp_path / "c.json", colour=True, width=40)
    plain, _ = session(SETUP, tmp_path / "p.json", colour=False, width=40)
    strip = re.compile(r"\x1b\[[0-9;]*m")
    on_screen = strip.sub("", coloured)
    assert on_screen != coloured
    printed = [
        line
        for line in on_screen.splitlines()
        if "> " not in line and tmp_path.name not in line  # a path is never broken
    ]
    assert all(visible_width(line) <= 40 for line in printed)
    assert on_screen.replace("c.json", "p.json") == plain


def test_at_40_columns_a_short_answer_reminder_is_never_split(tmp_path: Path) -> None:
    """``[y/n]``, ``[no/1-250]``, a benefits example: a reminder of up to 36 columns
    stays on one line (a longer pick list breaks only after a ``/``), and a wrapped
    prompt's last line leaves room for the answer typed after it."""
    plain, _ = session(SETUP, tmp_path / "p.json", colour=False, width=40)
    lines = plain.splitlines()
    for line in lines:
        opened = re.search(r"\[[^\]]*$", line)  # a reminder left open at the end
        assert opened is None or (
            opened.group().endswith("/") and len(opened.group()) > 12
        ), line
    prompts = [line.split("> ")[0] + "> " for line in lines if "] > " in line]
    assert prompts
    assert all(len(p) <= 40 - 6 + 2 for p in prompts), prompts
