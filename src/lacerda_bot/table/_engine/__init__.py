"""The table's facts source: what the companion asks, tracks and forgets (private).

The library's rules read facts; here the table answers them, asking the
player through typed questions (:mod:`.shapes`, :mod:`.questions` and the
``ask_*`` builders, worded in :mod:`.dialogue`'s terms), answering his own
pieces from his tracked board (:mod:`.tracked`, :mod:`.tracking`), and
forgetting what a decision may change (:mod:`.forgetting`). It imports
nothing of the game above it (:mod:`lacerda_bot.table._game`) nor of the front
ends.
"""
