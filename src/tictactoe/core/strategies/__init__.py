"""How the computer players choose their moves; :mod:`tictactoe.players` names them.

Each strategy is a class with ``choose(board, limits, *, progress, cancel) -> cell``
(the :class:`~tictactoe.core.search.Player` protocol) built with an injected
:class:`random.Random`: the simple strategies a beginner writes first (:mod:`.simple`), exact play
(:mod:`.perfect`, which picks among equal moves with :mod:`.traps`) and
search for big boards (:class:`~tictactoe.core.gomoku.engine.Engine`).
"""
