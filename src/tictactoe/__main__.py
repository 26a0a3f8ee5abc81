"""``python -m tictactoe``: the same as the ``tictactoe`` command."""

import sys

from tictactoe.cli import main

sys.exit(main())
