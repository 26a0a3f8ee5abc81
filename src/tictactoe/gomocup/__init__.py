"""Front ends to other programs: the engine as a Gomocup brain, and brains run as processes.

- :mod:`~tictactoe.gomocup.brain` - the Gomocup (Piskvork) brain protocol:
  a manager's lines in, the engine's moves out (``tictactoe brain``,
  ``pbrain-tictactoe``);
- :mod:`~tictactoe.gomocup.manager` - the other side: runs any protocol brain
  as a subprocess and asks it for moves (matches between brains, tests).

Like the windows and the web page they only drive the core's engine
(:mod:`tictactoe.core.gomoku`) through its search service
(:mod:`tictactoe.core.search`); they are not part of the core.
"""
