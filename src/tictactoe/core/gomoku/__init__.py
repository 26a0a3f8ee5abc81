"""A gomoku engine for every m,n,k board, in pure Python (standard library only).

- :mod:`~tictactoe.core.gomoku.patterns` - line shapes generalised to k
  (five, open and closed fours, open threes, broken shapes), memoised;
- :mod:`~tictactoe.core.gomoku.position` - the search's incremental position;
- :mod:`~tictactoe.core.gomoku.threats` - forced wins: VCF and VCT;
- :mod:`~tictactoe.core.gomoku.search` - principal variation search with
  iterative deepening, a Zobrist transposition table, killers and history;
- :mod:`~tictactoe.core.gomoku.engine` - the engine: the ``search`` player
  and the search service front ends call.

Its budgets, progress reports and cancellation are the core's search
service (:mod:`tictactoe.core.search`); the Gomocup brain protocol and the
manager that runs other brains are front ends (:mod:`tictactoe.gomocup`).

Hints built on it (the engine's top moves with a verdict, or exact values on
small boards) are :mod:`tictactoe.core.advice`.
"""
