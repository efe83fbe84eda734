"""The History view's two charts, drawn as SVG text: the margin over games, and scores per Solo Goal.

Pure functions of the history's figures (:mod:`.history`); no plotting
library, because the page runs this under Pyodide, where a few lines of SVG
cost nothing and a plotting library would cost seconds of start-up. Colours
are classes (``win``, ``loss``, ``his``, ``yours``, ``axis``) that the page's
style sheet sets for light and dark; text takes the page's colour. Every chart
is an ``img`` with a title and a label that say in words what it shows, for a
screen reader.

>>> from lacerda_bot.table._game.history import Finished
>>> one = Finished(name="a", seed=1, goal="first_colonists", on=None,
...                his_score=50, your_score=57, won=True)
>>> "Margin over 1 game" in margin_chart([one])
True
"""

from collections.abc import Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from lacerda_bot.language import ENGLISH, Words, msg, msg_n
from lacerda_bot.table._game.history import Finished, Tally
from lacerda_bot.terms import goal_name

__all__ = ["margin_chart", "scores_chart"]

_WIDTH: Final = 320
_HEIGHT: Final = 160
_PAD: Final = 24
"""Room around the plot for the axis words, in viewBox units."""


def _svg(label: str, body: Sequence[str], height: int = _HEIGHT) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {_WIDTH} {height}" aria-label={quoteattr(label)}>'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def _text(x: float, y: float, words: str, anchor: str = "middle") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
        f'font-size="10" fill="currentColor">{escape(words)}</text>'
    )


def margin_chart(games: Sequence[Finished], words: Words = ENGLISH) -> str:
    """One bar per game, oldest first: up for a margin above 0, down below.

    A bar is ``win`` or ``loss`` by the verdict, not by its sign: a Solo Goal
    may ask more than a positive margin (R-GOAL-2).
    """
    margins = [g.margin for g in games]
    wins = sum(g.won for g in games)
    label = words.say(
        msg_n(
            "Margin over {n} game, oldest first: from {low} to {high}, {wins} won",
            "Margin over {n} games, oldest first: from {low} to {high}, {wins} won",
            len(games),
            low=words.number(min(margins, default=0), signed=True),
            high=words.number(max(margins, default=0), signed=True),
            wins=wins,
        )
    )
    top = max(1, *margins, *(-m for m in margins))
    mid = _HEIGHT / 2
    scale = (mid - _PAD) / top
    step = (_WIDTH - 2 * _PAD) / max(1, len(games))
    body = [
        f'<line class="axis" x1="{_PAD}" x2="{_WIDTH - _PAD}" y1="{mid}" y2="{mid}"/>',
        _text(_PAD - 4, _PAD + 4, f"{top:+d}", "end"),
        _text(_PAD - 4, _HEIGHT - _PAD + 4, f"{-top:+d}", "end"),
        _text(_PAD - 4, mid + 4, "0", "end"),
    ]
    for i, game in enumerate(games):
        size = max(1.0, abs(game.margin) * scale)
        y = mid - size if game.margin > 0 else mid
        kind = "win" if game.won else "loss"
        body.append(
            f'<rect class="{kind}" x="{_PAD + i * step + step * 0.15:.1f}" '
            f'y="{y:.1f}" width="{step * 0.7:.1f}" height="{size:.1f}">'
            f"<title>{escape(game.name)}: {game.margin:+d}</title></rect>"
        )
    return _svg(label, body)


def scores_chart(tallies: Sequence[Tally], words: Words = ENGLISH) -> str:
    """Per Solo Goal, his mean score beside yours, as two bars."""
    rows = [(words.say(goal_name(t.goal)), *t.mean_scores) for t in tallies if t.goal]
    each = "; ".join(
        words.say(
            msg(
                "{goal}, Lacerda {his}, you {yours}",
                goal=name,
                his=words.number(his),
                yours=words.number(yours),
            )
        )
        for name, his, yours in rows
    )
    label = words.say(
        msg("Mean scores per Solo Goal: {scores}", scores=each)
        if rows
        else msg("Mean scores per Solo Goal: no game")
    )
    row = 34
    height = 2 * _PAD + row * max(1, len(rows))
    top = max((max(his, yours) for _, his, yours in rows), default=1.0) or 1.0
    left = 2 * _PAD
    scale = (_WIDTH - left - _PAD) / top
    body = []
    for i, (name, his, yours) in enumerate(rows):
        y = _PAD + i * row
        body.append(_text(left, y + 2, name, "start"))
        bars = (
            ("his", msg("Lacerda: {score} OP", score=words.number(his)), his),
            ("yours", msg("you: {score} OP", score=words.number(yours)), yours),
        )
        for j, (kind, title, value) in enumerate(bars):
            at = y + 5 + j * 11
            body.append(
                f'<rect class="{kind}" x="{left}" y="{at}" '
                f'width="{max(1.0, value * scale):.1f}" height="9">'
                f"<title>{escape(words.say(title))}</title></rect>"
            )
            body.append(_text(left - 4, at + 8, words.number(value), "end"))
    key = words.say(msg("Lacerda (upper bar), you (lower bar), mean OP"))
    body.append(_text(left, height - 6, key, "start"))
    return _svg(label, body, height)
