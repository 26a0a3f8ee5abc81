"""The package's Gomocup brain held to N nodes a move, whatever time it is given.

Run ``python benchmarks/node_brain.py N`` as a brain: with ``PYTHONPATH``
pointing at another checkout's ``src`` it is that version, so two versions of
the engine play a match on equal terms on any machine, however busy::

    python benchmarks/match.py \\
        "brain:python benchmarks/node_brain.py 20000" \\
        "brain:env PYTHONPATH=../old/src python benchmarks/node_brain.py 20000" --sprt

(The brain's own time limits are replaced by the node budget.)
"""

from __future__ import annotations

import sys

import tictactoe.gomocup.brain as protocol
from tictactoe.core.search import Limits


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].isdigit():
        print("usage: node_brain.py NODES", file=sys.stderr)
        return 2
    nodes = int(argv[0])

    def limits(*_: object, **__: object) -> Limits:
        return Limits(seconds=None, nodes=nodes)

    protocol.Limits = limits  # type: ignore[misc,assignment]
    return protocol.serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
