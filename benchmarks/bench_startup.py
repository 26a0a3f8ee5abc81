"""Start-up: whole-process times of the ``tictactoe`` command against the bare interpreter.

Run ``python benchmarks/bench_startup.py [--rounds N]`` (default 20). Each
round starts, in turn, fresh processes of:

- ``python -c pass``: the bare interpreter, the baseline;
- ``tictactoe solve X.O/.X./...``: a 3 x 3 position solved exactly;
- ``tictactoe brain`` answering ``START 15`` then ``END`` (a Gomocup manager
  starts a brain for every game);
- ``pbrain-tictactoe`` doing the same (the brain's own console script);
- ``tictactoe play --help``.

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
        entry("tictactoe.commands.brain"),
        stdin="START 15\nEND\n",
        expect="OK",
    ),
    Case("tictactoe play --help", entry("tictactoe.__main__", "play", "--help"), expect="--k K"),
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="times each command runs")
    args = parser.parse_args(argv)
    env = child_environment()
    for case in CASES:  # writes the bytecode caches, and checks every command works
        run(case, env)
    walls: dict[str, list[float]] = {case.name: [] for case in CASES}
    cpus: dict[str, list[float]] = {case.name: [] for case in CASES}
    for _ in range(args.rounds):
        for case in CASES:
            wall, cpu = run(case, env)
            walls[case.name].append(wall)
            cpus[case.name].append(cpu)
    bare_wall = statistics.median(walls[CASES[0].name])
    bare_cpu = statistics.median(cpus[CASES[0].name])
    print(f"{args.rounds} rounds, medians; {sys.executable} (Python {sys.version.split()[0]})")
    print(f"  {'':<34} {'wall-clock':>16}  {'processor':>16}")
    ok = True
    for case in CASES:
        wall = statistics.median(walls[case.name])
        cpu = statistics.median(cpus[case.name])
        ratio = wall / bare_wall
        verdict = ""
        if case.target is not None:
            passed = ratio < case.target
            ok = ok and passed
            verdict = f"  target under {case.target:g}x: {'PASS' if passed else 'FAIL'}"
        print(
            f"  {case.name:<34} {1000 * wall:7.1f} ms {ratio:5.2f}x"
            f"  {1000 * cpu:7.1f} ms {cpu / bare_cpu:5.2f}x{verdict}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
