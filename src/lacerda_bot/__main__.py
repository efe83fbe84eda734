"""``python -m lacerda_bot`` is the ``lacerda-bot`` command."""

import sys

from lacerda_bot.cli import main

sys.exit(main())
