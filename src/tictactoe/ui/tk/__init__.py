"""The tkinter desktop game (seeds 000 and 002): ``tictactoe tk``.

- :mod:`.app` - the window, its intents and what happens after each move;
- :mod:`.menus` - Game, Skill level, Board, Options, Scoreboard;
- :mod:`.board_view` - the board on a Canvas that scales with the window;
- :mod:`.keys` - keyboard play;
- :mod:`.worker` - the computer's thinking and hints off the UI thread;
- :mod:`.dialogs` - play again?, custom board, scoreboard;
- :mod:`.texts` - every sentence, translated.
"""
