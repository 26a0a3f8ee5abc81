"""The Pygame Zero game: a thin adapter over a :class:`tictactoe.session.Session`, the only
part of the game it imports (with the levels, the sentences and the core's names).

- :mod:`.view` - the look as numbers: window, strip, palette, cell geometry (no pygame);
- :mod:`.levels` - the levels behind the keys 1-9;
- :mod:`.menus` - the saved games list's and the settings menu's state;
- :mod:`.audio` - the end-of-game sounds through Pygame Zero's sound loader;
- :mod:`.text` - the strip's and panels' text in every language, with the shipped fonts;
- :mod:`.painter` - a frame as plain values (:class:`~.painter.Scene`: the session's board
  picture and the strip) and its drawing;
- :mod:`.panels` - the panels over the board (quit?, keys, saved games, settings);
- :mod:`.app` - :class:`~.app.PgzApp`: state, ``draw``, ``update`` and input handlers;
- :mod:`.runner` - builds the Pygame Zero module around an app and runs pgzero's game with a
  loop that sleeps while nothing changes.

:mod:`.view`, :mod:`.levels` and :mod:`.menus` can be imported
without pygame. The computer's move and the hints run off the frame loop on the shared
helper, :mod:`tictactoe.session.jobs`.
"""
