"""Tournaments: every player against every other, with both colours, ranked and rated.

- :mod:`.games` - the players taking part, the round robin, playing the games
  on worker processes;
- :mod:`.standings` - points, wins, draws, losses and forfeits as games end;
- :mod:`.ratings` - Elo ratings with error bars from all the games;
- :mod:`.openings` - the balanced openings games on big boards start from.

``tictactoe tournament`` (:mod:`tictactoe.cli.commands.tournament`) draws the
live table, the crosstable and the ratings, and keeps every game.
"""
