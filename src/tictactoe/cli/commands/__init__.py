"""Subcommands of the ``tictactoe`` command, one module each (see :mod:`tictactoe.cli.command`)."""
