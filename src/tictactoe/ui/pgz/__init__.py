"""The Pygame Zero game: a thin adapter over :class:`tictactoe.game.Match`.

- :mod:`.view` - the look as numbers: window, strip, palette, cell geometry (no pygame);
- :mod:`.levels` - the levels behind the keys 1-9;
- :mod:`.words` - hints, thinking, think times and saved games in the player's words;
- :mod:`.menus` - the saved games list's and the settings menu's state;
- :mod:`.replay` - a saved game shown one position at a time;
- :mod:`.audio` - the end-of-game sounds through Pygame Zero's sound loader;
- :mod:`.text` - the strip's and panels' text in every language, with the shipped fonts;
- :mod:`.painter` - a frame as plain values (:class:`~.painter.Scene`) and its drawing;
- :mod:`.panels` - the panels over the board (quit?, keys, saved games, settings);
- :mod:`.app` - :class:`~.app.PgzApp`: state, ``draw``, ``update`` and input handlers;
- :mod:`.runner` - builds the Pygame Zero module around an app and runs pgzero's game with a
  loop that sleeps while nothing changes.

:mod:`.view`, :mod:`.levels`, :mod:`.words`, :mod:`.menus` and :mod:`.replay` can be imported
without pygame. The computer's move and the hints run off the frame loop on the shared
helper, :mod:`tictactoe.session.jobs`.
"""
