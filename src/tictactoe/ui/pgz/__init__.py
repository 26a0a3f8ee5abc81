"""The Pygame Zero game (seed 001): a thin adapter over :class:`tictactoe.game.Match`.

- :mod:`.view` - seed 001's look as numbers: window, strip, palette, cell geometry (no pygame);
- :mod:`.levels` - the levels behind the keys 1-9;
- :mod:`.worker` - computer moves and hints computed off the frame loop;
- :mod:`.audio` - the end-of-game sounds through Pygame Zero's sound loader;
- :mod:`.text` - the strip's and panels' text in every language, with the shipped fonts;
- :mod:`.painter` - a frame as plain values (:class:`~.painter.Scene`) and its drawing;
- :mod:`.app` - :class:`~.app.PgzApp`: state, ``draw``, ``update`` and input handlers;
- :mod:`.runner` - builds the Pygame Zero module around an app and runs pgzero's game with a
  loop that sleeps while nothing changes.

Only :mod:`.view`, :mod:`.levels` and :mod:`.worker` can be imported without pygame.
"""
