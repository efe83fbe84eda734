"""A batch of reference games as one HTML page of plots (``simulate --report``).

:func:`render_report` turns the figures a batch folds into
(:class:`~lacerda_bot.reference._simulate.BatchFigures`) into the text of one
self-contained page: the summary table ``simulate`` prints, and six plots drawn
by matplotlib as SVG and inlined, so the page opens with no network and its text
stays text. Each plot has a caption and a sentence for screen readers. The axes
and labels take the page's own text colour (``currentColor``), and the bars are
mid tones, so the plots read on a light page and a dark one alike.

matplotlib is the ``report`` extra; ``cli.py`` imports this module only when
``--report`` is asked for. The same figures always give the same bytes: the SVG
carries no date or version, and its ids come from a fixed salt.
"""

import contextlib
import html
import io
import math
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, final

import attrs
import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from lacerda_bot.model import Action
from lacerda_bot.reference._simulate import BatchFigures, BatchSummary
from lacerda_bot.render import describe_requirement

__all__ = ["render_report"]

_INK: Final = "#010203"
"""Drawn for the axes and text, then replaced by ``currentColor`` (the page's ink)."""
_PALETTE: Final = ("#3f88c5", "#e69f00", "#2a9d8f", "#cc79a7", "#8c8c8c", "#d55e00")
"""Mid tones that read on white and on near-black, one per card action."""
_SIZE: Final = (5.6, 3.0)
"""Each plot's size in inches (the page scales it to its column)."""
_MOST_BARS: Final = 30
"""A histogram of whole numbers groups them when their range is wider than this."""


@contextlib.contextmanager
def _drawing() -> Iterator[None]:
    """The house style of the plots, for the figures drawn and saved inside it.

    matplotlib reads its settings from ``rcParams``; ``rc_context`` sets them for
    this block only and puts the previous ones back after it.
    """
    with matplotlib.rc_context(
        {
            "svg.fonttype": "none",  # text stays text: selectable, and in the page's font
            "svg.hashsalt": "lacerda-report",  # fixed ids: the same figures, the same bytes
            "font.family": "sans-serif",
            "font.sans-serif": ["DejaVu Sans"],
            "font.size": 10.0,
            "text.color": _INK,
            "axes.edgecolor": _INK,
            "axes.labelcolor": _INK,
            "xtick.color": _INK,
            "ytick.color": _INK,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "legend.frameon": False,
        }
    ):
        yield


@final
@attrs.frozen(kw_only=True)
class _Plot:
    """One plot of the page: its SVG, its caption and its summary in words."""

    slug: str
    """Prefix of the SVG's ids, unique on the page."""
    caption: str
    summary: str
    """What the plot shows, in one sentence (its ``aria-label`` and ``<title>``)."""
    figure: Figure


def render_report(figures: BatchFigures, *, goal: str) -> str:
    """The HTML page of a batch: its summary table beside plots of its games.

    Pure: the same *figures* always give the same text, and nothing is written.
    *goal* is the Solo Goal the batch checked (``simulate --goal``).
    """
    summary = figures.summary
    with _drawing():
        plots = (
            _spread_plot(
                figures.scores,
                summary.games,
                slug="score",
                what="Lacerda's final score",
                xlabel="Lacerda's final score (OP)",
                unit=" OP",
                caption="Lacerda's final score: games per score.",
            ),
            _spread_plot(
                figures.turns,
                summary.games,
                slug="turns",
                what="Lacerda's turns",
                xlabel="Lacerda's turns in the game",
                unit=" turns",
                caption="Lacerda's turns per game: games per number of turns.",
            ),
            _pass_plot(figures.actions_by_pass),
            _fallback_plot(figures.fallbacks, figures.skips),
            _ties_plot(figures.tie_breaks),
            _goal_plot(figures, goal),
        )
        shown = "\n".join(_figure_html(p) for p in plots)
    title = f"Lacerda: {summary.games} reference games, Solo Goal {goal}"
    return _PAGE.format(
        title=html.escape(title),
        table=_summary_table(summary, goal),
        plots=shown,
    )


def _summary_table(summary: BatchSummary, goal: str) -> str:
    """The figures ``simulate`` prints (``render_summary``), as table rows."""
    lo, mid, hi = summary.turns
    s_lo, s_mid, s_hi = summary.score
    rows = [
        ("games", f"{summary.games}"),
        ("errors", f"{len(summary.errors)}"),
        ("Lacerda turns per game", f"min {lo}, median {mid:g}, max {hi}"),
        ("Lacerda final score", f"min {s_lo}, median {s_mid:g}, max {s_hi}"),
        *(
            (f"card action {a.value}", f"{share:.1%} of his turns")
            for a, share in summary.actions
        ),
        ("fallback to the Rover", f"{summary.fallback_rate:.1%} of turns"),
        ("skipped turns", f"{summary.skip_rate:.1%} of turns"),
        ("tie-breaks per game", f"{summary.tie_breaks_per_game:.2f}"),
        (
            f"goal {goal}: requirements other than the margin met",
            f"{summary.goal_rate:.1%} of games",
        ),
    ]
    body = "\n".join(
        f'<tr><th scope="row">{html.escape(k)}</th><td>{html.escape(v)}</td></tr>'
        for k, v in rows
    )
    return f"<table>\n<caption>Summary</caption>\n{body}\n</table>"


def _figure_html(plot: _Plot) -> str:
    """A plot as a ``<figure>``: its inlined SVG, labelled, then its caption."""
    buffer = io.StringIO()
    plot.figure.savefig(
        buffer,
        format="svg",
        transparent=True,
        metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
    )
    svg = _inline_svg(buffer.getvalue(), slug=plot.slug, summary=plot.summary)
    caption = html.escape(plot.caption)
    return f"<figure>\n{svg}<figcaption>{caption}</figcaption>\n</figure>"


def _inline_svg(svg: str, *, slug: str, summary: str) -> str:
    """The SVG file matplotlib wrote, as an element of the page.

    The XML prologue and the namespace declarations go (HTML needs neither), the
    ids take the plot's prefix so that no two plots share one, the stand-in ink
    becomes ``currentColor``, and the summary becomes its label and title.
    """
    element = svg[svg.index("<svg") :]
    for namespace in (
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
        ' xmlns="http://www.w3.org/2000/svg"',
    ):
        element = element.replace(namespace, "")
    element = (
        element.replace(' id="', f' id="{slug}-')
        .replace("url(#", f"url(#{slug}-")
        .replace('href="#', f'href="#{slug}-')
        .replace(_INK, "currentColor")
    )
    said = html.escape(summary)
    head, rest = element.split(">", 1)
    return f'{head} role="img" aria-label="{said}">\n <title>{said}</title>{rest}'


def _new_axes() -> tuple[Figure, Axes]:
    figure = Figure(figsize=_SIZE, layout="constrained")
    return figure, figure.add_subplot()


def _spread_words(values: Sequence[int], unit: str) -> str:
    """``median 54 OP, from 31 to 80`` (or ``no games``)."""
    if not values:
        return "no games"
    mid = statistics.median(values)
    return f"median {mid:g}{unit}, from {min(values)} to {max(values)}"


def _histogram(axes: Axes, values: Sequence[int], *, xlabel: str) -> None:
    """Games per value of a whole-number figure; wide ranges grouped into bins."""
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    if not values:
        axes.text(0.5, 0.5, "no games", ha="center", transform=axes.transAxes)
        return
    lo, hi = min(values), max(values)
    step = math.ceil((hi - lo + 1) / _MOST_BARS)
    edges = [lo - 0.5 + step * i for i in range((hi - lo) // step + 2)]
    axes.hist(values, bins=edges, color=_PALETTE[0], edgecolor="none")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))


def _spread_plot(
    values: Sequence[int],
    games: int,
    *,
    slug: str,
    what: str,
    xlabel: str,
    unit: str,
    caption: str,
) -> _Plot:
    """A histogram of one number per game, with its *caption* and *what* it spreads in words."""
    figure, axes = _new_axes()
    _histogram(axes, values, xlabel=xlabel)
    return _Plot(
        slug=slug,
        caption=caption,
        summary=f"{what} over {games} games: " + _spread_words(values, unit),
        figure=figure,
    )


def _pass_plot(by_pass: tuple[tuple[int, Action, int], ...]) -> _Plot:
    """Stacked bars: per pass of his deck, the cards that gave each action."""
    figure, axes = _new_axes()
    passes = sorted({p for p, _, _ in by_pass})
    counts = {(p, a): n for p, a, n in by_pass}
    bottom = [0] * len(passes)
    for action, colour in zip(Action, _PALETTE, strict=True):
        heights = [counts.get((p, action), 0) for p in passes]
        axes.bar(passes, heights, bottom=bottom, color=colour, label=action.value)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    axes.set_xlabel("pass through his solo deck")
    axes.set_ylabel("cards turned (all games)")
    axes.set_xticks(passes)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=7)
    words = [
        f"pass {p}: {total} cards, most often {_most(counts, p)}"
        for p, total in zip(passes, bottom, strict=True)
    ]
    return _Plot(
        slug="passes",
        caption="The card actions by pass of his solo deck, summed over the batch.",
        summary="Card actions by pass: " + ("; ".join(words) or "no cards") + ".",
        figure=figure,
    )


def _most(counts: dict[tuple[int, Action], int], passes: int) -> str:
    """The action most cards of a pass gave (the first in card order on a tie)."""
    best = max(Action, key=lambda a: counts.get((passes, a), 0))
    return f"{best.value} ({counts.get((passes, best), 0)})"


def _fallback_plot(fallbacks: Sequence[int], skips: Sequence[int]) -> _Plot:
    """Side by side: games per number of Rover fallbacks, and of skipped turns."""
    figure, axes = _new_axes()
    top = max((*fallbacks, *skips), default=0)
    values = range(top + 1)
    for shift, (name, counts, colour) in zip(
        (-0.2, 0.2),
        (
            ("Rover fallbacks", Counter(fallbacks), _PALETTE[1]),
            ("skipped turns", Counter(skips), _PALETTE[2]),
        ),
        strict=True,
    ):
        heights = [counts[v] for v in values]
        axes.bar(
            [v + shift for v in values], heights, width=0.4, color=colour, label=name
        )
    axes.set_xlabel("turns in the game")
    axes.set_ylabel("games")
    axes.legend()
    return _Plot(
        slug="fallbacks",
        caption="Rover fallbacks and skipped turns: games per number of such turns.",
        summary="Rover fallbacks per game: "
        + _spread_words(fallbacks, "")
        + "; skipped turns per game: "
        + _spread_words(skips, "")
        + ".",
        figure=figure,
    )


def _ties_plot(ties: Sequence[int]) -> _Plot:
    figure, axes = _new_axes()
    _histogram(axes, ties, xlabel="tie-breaks in the game")
    return _Plot(
        slug="ties",
        caption="Tie-breaks per game: games per number of tie-breaks.",
        summary="Tie-breaks per game: " + _spread_words(ties, "") + ".",
        figure=figure,
    )


def _goal_plot(figures: BatchFigures, goal: str) -> _Plot:
    """Horizontal bars: the share of games in which each requirement held."""
    games = figures.summary.games or 1
    labels = [describe_requirement(r) for r, _ in figures.requirements]
    rates = [met / games for _, met in figures.requirements]
    height = max(_SIZE[1], 0.9 + 0.45 * len(labels))
    figure = Figure(figsize=(_SIZE[0], height), layout="constrained")
    axes = figure.add_subplot()
    rows = range(len(labels))
    axes.barh(rows, rates, color=_PALETTE[0])
    axes.set_yticks(rows, [_wrapped(label) for label in labels])
    axes.invert_yaxis()  # the goal's first requirement on top
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter("{x:.0%}")
    axes.set_xlabel("share of games in which it held")
    words = "; ".join(
        f"{label}: {rate:.0%}" for label, rate in zip(labels, rates, strict=True)
    )
    return _Plot(
        slug="goal",
        caption=f"Solo Goal {goal}: how often each of its requirements held.",
        summary=f"Solo Goal {goal}, share of games meeting each requirement: "
        + (words or "no games")
        + ".",
        figure=figure,
    )


def _wrapped(label: str, width: int = 28) -> str:
    """A requirement's words on lines of about *width* characters."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
:root {{ color-scheme: light dark; --ink: #1f2328; --paper: #ffffff; --rule: #d0d7de; }}
@media (prefers-color-scheme: dark) {{
  :root {{ --ink: #e6edf3; --paper: #0d1117; --rule: #3d444d; }}
}}
body {{ margin: 1.5rem; font: 15px/1.4 system-ui, sans-serif;
  color: var(--ink); background: var(--paper); }}
h1 {{ font-size: 1.3rem; }}
main {{ display: grid; grid-template-columns: minmax(16rem, 22rem) 1fr; gap: 2rem;
  align-items: start; }}
@media (max-width: 56rem) {{ main {{ grid-template-columns: 1fr; }} }}
.plots {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(24rem, 1fr));
  gap: 1.5rem; }}
figure {{ margin: 0; }}
figure svg {{ display: block; width: 100%; height: auto; }}
figcaption {{ font-size: 0.9rem; margin-top: 0.3rem; }}
table {{ border-collapse: collapse; width: 100%; }}
caption {{ text-align: left; font-weight: bold; padding-bottom: 0.4rem; }}
th, td {{ text-align: left; padding: 0.25rem 0.5rem 0.25rem 0;
  border-bottom: 1px solid var(--rule); vertical-align: top; }}
th {{ font-weight: normal; }}
td {{ font-variant-numeric: tabular-nums; }}
</style>
</head>
<body>
<h1>{title}</h1>
<main>
{table}
<div class="plots">
{plots}
</div>
</main>
</body>
</html>
"""
"""The page around the table and the plots (its CSS follows the reader's colour scheme)."""
