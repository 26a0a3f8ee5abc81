"""The tkinter desktop game (seeds 000 and 002): ``tictactoe tk``.

- :mod:`.app` - the window, its intents and what happens after each move;
- :mod:`.panels` - the toolbar, the status banner (the result, New game) and the footer;
- :mod:`.menus` - Game, Skill level, Board, Options, Scoreboard;
- :mod:`.board_view` - the board on a Canvas: small boards in cells, big ones as gomoku boards,
  drawn incrementally;
- :mod:`.theme` - light and dark colours, the ttk style, HiDPI scaling;
- :mod:`.keys` - keyboard play;
- :mod:`.worker` - the computer's thinking and hints off the UI thread, with progress and
  cancelling;
- :mod:`.replay` - opening a saved game or a game file, stepping through it, playing on;
- :mod:`.dialogs` - custom board, time per move, scoreboard, open a game, confirmations;
- :mod:`.texts` - every sentence, translated.
"""
