"""A gomoku engine for every m,n,k board, in pure Python (standard library only).

- :mod:`~tictactoe.core.gomoku.patterns` - line shapes generalised to k
  (five, open and closed fours, open threes, broken shapes), memoised;
- :mod:`~tictactoe.core.gomoku.position` - the search's incremental position;
- :mod:`~tictactoe.core.gomoku.threats` - forced wins: VCF and VCT;
- :mod:`~tictactoe.core.gomoku.search` - principal variation search with
  iterative deepening, a Zobrist transposition table, killers and history;
- :mod:`~tictactoe.core.gomoku.limits` - time and node budgets, cancellation,
  progress reports;
- :mod:`~tictactoe.core.gomoku.engine` - the engine: the ``search`` player
  and the search service front ends call;
- :mod:`~tictactoe.core.gomoku.protocol` - the Gomocup (Piskvork) brain protocol;
- :mod:`~tictactoe.core.gomoku.manager` - the other side: runs protocol brains as subprocesses.

Hints built on it (the engine's top moves with a verdict, or exact values on
small boards) are :mod:`tictactoe.core.advice`.
"""
