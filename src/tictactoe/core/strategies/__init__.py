"""How the computer players choose their moves; :mod:`tictactoe.players` names them.

Each strategy is a class with ``choose(board) -> cell`` built with an injected
:class:`random.Random`: the seeds' strategies (:mod:`.seeds`), exact play
(:mod:`.perfect`) and search for big boards.
"""
