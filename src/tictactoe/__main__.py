"""``python -m tictactoe`` and the ``tictactoe`` command (the console script calls :func:`main`).

Nothing heavy is imported before Ctrl-C is held (:mod:`tictactoe.console`,
standard library only; the package itself loads nothing), so an interrupt
during the start-up still ends with "Goodbye!" and status 130 rather than a
traceback from inside an import.
"""

import sys

from tictactoe import console


def main() -> int:
    """Run the command line with Ctrl-C held while it starts; the exit status."""
    console.hold_interrupts()
    from tictactoe.cli.command import main as run_command_line

    try:
        return run_command_line()
    finally:
        console.exit_quietly_on_interrupt()


if __name__ == "__main__":
    sys.exit(main())
