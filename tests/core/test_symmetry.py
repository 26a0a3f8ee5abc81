"""Positions up to symmetry: one key for every image, and cells carried between images."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.core.exact.symmetry import make_canonical, make_reorient, orientation
from tictactoe.core.rules import Rules

BOARDS = (Rules(3, 3, 3), Rules(4, 5, 4), Rules(5, 5, 4), Rules(7, 7, 5), Rules(2, 6, 3))


def moved(cells: int, perm: tuple[int, ...]) -> int:
    """``cells`` (a bitboard) under the cell permutation ``perm``."""
    return sum(1 << perm[cell] for cell in range(len(perm)) if cells >> cell & 1)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Rules, int, int, int]:
    """A board, two disjoint sets of marks and a third set of cells (a zone)."""
    rules = draw(st.sampled_from(BOARDS))
    marks = draw(st.lists(st.integers(0, 2), min_size=rules.size, max_size=rules.size))
    mover = sum(1 << cell for cell, mark in enumerate(marks) if mark == 1)
    other = sum(1 << cell for cell, mark in enumerate(marks) if mark == 2)
    zone = draw(st.integers(0, rules.full_mask))
    return rules, mover, other, zone


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_every_image_has_the_same_canonical_key(
    position: tuple[Rules, int, int, int], data: st.DataObject
) -> None:
    rules, mover, other, _ = position
    canonical = make_canonical(rules)
    perm = data.draw(st.sampled_from(rules.symmetries))
    key = mover | other << rules.size
    image = moved(mover, perm) | moved(other, perm) << rules.size
    assert canonical(image) == canonical(key)
    assert canonical(key) in {
        moved(mover, p) | moved(other, p) << rules.size for p in rules.symmetries
    }


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_a_zone_is_carried_to_an_image_by_the_same_symmetry(
    position: tuple[Rules, int, int, int], data: st.DataObject
) -> None:
    rules, mover, other, zone = position
    reorient = make_reorient(rules)
    perm = data.draw(st.sampled_from(rules.symmetries))
    key = mover | other << rules.size
    image = moved(mover, perm) | moved(other, perm) << rules.size
    carried = reorient(zone, key, image)
    # A symmetric position may have several symmetries mapping it onto the image;
    # any of them is right as long as it maps the position itself the same way.
    candidates = {
        moved(zone, p)
        for p in rules.symmetries
        if moved(mover, p) | moved(other, p) << rules.size == image
    }
    assert carried in candidates


@settings(max_examples=200, deadline=None)
@given(positions())
def test_the_orientation_takes_a_position_to_its_canonical_key(
    position: tuple[Rules, int, int, int],
) -> None:
    rules, mover, other, _ = position
    key = mover | other << rules.size
    perm = orientation(rules, key)
    assert perm in rules.symmetries
    assert moved(mover, perm) | moved(other, perm) << rules.size == make_canonical(rules)(key)
