"""The terminal game: seeds 003 and 004's console programs over :class:`tictactoe.game.Match`.

``render`` draws a board, ``prompts`` asks questions again until the answer
is valid, ``answers`` turns text into choices, ``messages`` holds the texts
shown at the end of a game, ``setup`` asks the pre-game questions and
``session`` runs the games. Every piece reads and writes injectable streams,
so tests drive whole sessions with :class:`io.StringIO`.
"""
