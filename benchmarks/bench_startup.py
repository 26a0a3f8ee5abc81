"""Start-up: whole-process times of the ``tictactoe`` command against the bare interpreter.

Run ``python benchmarks/bench_startup.py [--rounds N]`` (default 20). Each
round starts, in turn, fresh processes of:

- ``python -c pass``: the bare interpreter, the baseline;
- ``tictactoe solve X.O/.X./...``: a 3 x 3 position solved exactly;
- ``tictactoe brain`` answering ``START 15`` then ``END`` (a Gomocup manager
  starts a brain for every game);
- ``pbrain-tictactoe`` doing the same (the brain's own console script);
- ``tictactoe play --help``;
- the Russian catalog loaded (``translator("ru")``, one message translated);
- ``tictactoe play --lang ru`` closing at once (its input ends): the
  terminal game's start in Russian.

``--against SRC`` runs every command a second time in each round with the
``src`` folder of another checkout first on the path (``git worktree add`` one
at the commit to compare with, and install it once, ``pip install -e``, if
its catalogs need compiling), and prints both: a change's cost measured
under the same load.

The commands run as the console script runs them (``tictactoe.__main__.main``
with the interpreter of this benchmark), with the bytecode caches written
first, as an installed package has them (``PYTHONDONTWRITEBYTECODE`` is
dropped for the children). Printed: the median wall-clock time of each,
its ratio to the bare interpreter's median, the same for the processor time
the process used (user and system), and PASS or FAIL for the targets on the
wall-clock ratio: ``solve`` under 4 times the bare start, ``brain`` under 5
times. Running in turn puts every command under the same load, so the
ratios hold on a busy machine better than the milliseconds do; the
processor times hold better still (they leave out the waits for a CPU).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

SOLVE_TARGET = 4.0
BRAIN_TARGET = 5.0


@dataclass(frozen=True)
class Case:
    """One command line to time, what it reads, and what its output must hold."""

    name: str
    argv: tuple[str, ...]
    stdin: str = ""
    expect: str = ""
    target: float | None = None


def entry(module: str, *args: str) -> tuple[str, ...]:
    """The command line of a console script that calls ``module``'s ``main``."""
    code = f"import sys; from {module} import main; sys.exit(main())"
    return (sys.executable, "-c", code, *args)


RUSSIAN = "from tictactoe.texts.i18n import translator; print(translator('ru')('Goodbye!'))"

CASES = (
    Case("python -c pass", (sys.executable, "-c", "pass")),
    Case(
        "tictactoe solve X.O/.X./...",
        entry("tictactoe.__main__", "solve", "X.O/.X./..."),
        expect="O to move: draw",
        target=SOLVE_TARGET,
    ),
    Case(
        "tictactoe brain (START 15, END)",
        entry("tictactoe.__main__", "brain"),
        stdin="START 15\nEND\n",
        expect="OK",
        target=BRAIN_TARGET,
    ),
    Case(
        "pbrain-tictactoe (START 15, END)",
        entry("tictactoe.cli.commands.brain"),
        stdin="START 15\nEND\n",
        expect="OK",
    ),
    Case("tictactoe play --help", entry("tictactoe.__main__", "play", "--help"), expect="--k K"),
    Case(
        "the Russian catalog loaded",
        (sys.executable, "-c", RUSSIAN),
        expect="До свидания!",
    ),
    Case(
        "tictactoe play --lang ru (no input)",
        entry("tictactoe.__main__", "play", "--lang", "ru"),
        expect="До свидания!",
    ),
)


def child_environment() -> dict[str, str]:
    """This environment, with bytecode caches allowed (an installed package has them)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def children_cpu() -> float:
    """Processor seconds (user and system) that this process's finished children used."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(case: Case, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and processor seconds of ``case`` from start to exit; SystemExit if it
    fails or says the wrong thing."""
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        case.argv, input=case.stdin, capture_output=True, text=True, env=env, check=False
    )
    elapsed = time.perf_counter() - started
    if done.returncode != 0 or case.expect not in done.stdout:
        raise SystemExit(
            f"{case.name} failed (status {done.returncode}):\n{done.stdout}{done.stderr}"
        )
    return elapsed, children_cpu() - cpu


def runs(against: str | None) -> list[tuple[str, Case, dict[str, str]]]:
    """Each timed run: its label, the case and its environment; with ``against``, every
    command but the bare interpreter also runs with that ``src`` folder first on the path."""
    env = child_environment()
    chosen = [(case.name, case, env) for case in CASES]
    if against:
        other = {**env, "PYTHONPATH": os.path.abspath(against)}
        for index, case in reversed(list(enumerate(CASES[1:], start=1))):
            chosen.insert(index + 1, (f"  against: {case.name}", case, other))
    return chosen


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="times each command runs")
    parser.add_argument("--against", metavar="SRC", help="another checkout's src folder")
    args = parser.parse_args(argv)
    timed = runs(args.against)
    for _, case, env in timed:  # writes the bytecode caches, and checks every command works
        run(case, env)
    walls: dict[str, list[float]] = {label: [] for label, _, _ in timed}
    cpus: dict[str, list[float]] = {label: [] for label, _, _ in timed}
    for _ in range(args.rounds):
        for label, case, env in timed:
            wall, cpu = run(case, env)
            walls[label].append(wall)
            cpus[label].append(cpu)
    bare_wall = statistics.median(walls[CASES[0].name])
    bare_cpu = statistics.median(cpus[CASES[0].name])
    print(f"{args.rounds} rounds, medians; {sys.executable} (Python {sys.version.split()[0]})")
    if args.against:
        print(f"  against: the same with {os.path.abspath(args.against)} first on the path")
    print(f"  {'':<46} {'wall-clock':>16}  {'processor':>16}")
    ok = True
    for label, case, _ in timed:
        wall = statistics.median(walls[label])
        cpu = statistics.median(cpus[label])
        ratio = wall / bare_wall
        verdict = ""
        if case.target is not None:
            passed = ratio < case.target
            ok = ok and (passed or label != case.name)  # the other checkout's pass no verdict
            verdict = f"  target under {case.target:g}x: {'PASS' if passed else 'FAIL'}"
        print(
            f"  {label:<46} {1000 * wall:7.1f} ms {ratio:5.2f}x"
            f"  {1000 * cpu:7.1f} ms {cpu / bare_cpu:5.2f}x{verdict}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
