"""The ``tictactoe`` command: :mod:`.command` (parsing, dispatch), :mod:`.commands` (one
module a subcommand) and :mod:`.display` (whether a window can open here)."""
