"""Exact solving: the values of positions, proved.

- :mod:`.solver` - the exact solver (:class:`~.solver.Solver`): the value of a
  position and of each move, memoised over symmetries; which boards it can solve;
- :mod:`.prover` - the proof search the solver runs on boards too big to enumerate;
- :mod:`.pairing` - pairing strategies that prove a draw without search;
- :mod:`.proof_jobs` - proofs split into jobs run in worker processes;
- :mod:`.openings`, :mod:`.book` - precomputed values (``openings.tsv``, ``book.tsv``);
- :mod:`.capability` - what each board size can be solved to (``capability.tsv``);
- :mod:`.values` - packed win / draw / loss values with their distance;
- :mod:`.symmetry` - the board's rotations and reflections.
"""
