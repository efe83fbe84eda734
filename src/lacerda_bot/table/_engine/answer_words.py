"""The words a player types, for the catalogs: each language's beside the English.

A question's choices and the companion's commands are stored and compared in
English (saves are language-free); :meth:`lacerda_bot.language.Words.answer`
gives the word a player of another language reads and types for each, under
the gettext context ``answer``. The English words listed here are what the
catalogs translate; a word left out is shown and typed in English.
"""

from typing import Final

from lacerda_bot.language import Message, msg_c

__all__ = ["ANSWER_WORDS"]

ANSWER_WORDS: Final[tuple[Message, ...]] = (
    # Translators: the short yes answer; one or two letters, typed at a [y/n] prompt.
    msg_c("answer", "y"),
    # Translators: the whole yes answer.
    msg_c("answer", "yes"),
    # Translators: the short no answer; one or two letters, unlike the short yes.
    msg_c("answer", "n"),
    # Translators: the whole no answer.
    msg_c("answer", "no"),
    # Translators: the answer for "not one" to a count (no tile, no Crystal).
    msg_c("answer", "none"),
    # Translators: the answer when a space or tile shows no benefit.
    msg_c("answer", "nothing"),
    # Translators: the commands a player types at any prompt, one word each.
    msg_c("answer", "help"),
    msg_c("answer", "why"),
    msg_c("answer", "status"),
    msg_c("answer", "back"),
    msg_c("answer", "undo"),
    msg_c("answer", "redo"),
    msg_c("answer", "quit"),
    # Translators: the steps of a game, typed at the "Next" prompt, one word each.
    msg_c("answer", "setup"),
    msg_c("answer", "turn"),
    msg_c("answer", "shuttle"),
    msg_c("answer", "level-up"),
    msg_c("answer", "tech"),
    msg_c("answer", "fix"),
    msg_c("answer", "score"),
    # Translators: the kinds of Contract, and the Warehouse's items, as picked.
    msg_c("answer", "upgrade"),
    msg_c("answer", "delivery"),
    msg_c("answer", "crystal"),
    msg_c("answer", "mineral"),
    msg_c("answer", "battery"),
    msg_c("answer", "water"),
    msg_c("answer", "plant"),
    msg_c("answer", "oxygen"),
    msg_c("answer", "empty"),
    # Translators: a tile's Crystal cost, typed before its number: "cost 1".
    msg_c("answer", "cost"),
)
