"""What is kept between runs, in the user's data folder (:mod:`.paths`).

- :mod:`.archive` - the store of finished games, and the scoreboard's queries;
- :mod:`.safe_file` - the store's file opened safely (locks, atomic writes, refusal of
  a corrupt file with its reason);
- :mod:`.writer` - the one writer of finished games every front end hands its games to;
- :mod:`.scoreboard` - wins, losses and draws per opponent and board (``tictactoe stats``);
- :mod:`.settings` - the remembered choices (board, level, language...).
"""
