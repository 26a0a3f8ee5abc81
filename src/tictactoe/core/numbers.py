"""One bounded parser for every number a person types: board sizes, k, menu choices, cells.

Python's ``int`` refuses strings of more than 4,300 digits with a plain
``ValueError`` (and converting long ones is slow), so numbers typed by a
person go through :func:`whole_number`, which never converts more than
:data:`MAX_DIGITS` significant digits: anything longer is simply not a
number in range. Times in seconds (``--delay 0.5``) go through
:func:`decimal_number`, its twin for numbers with a decimal point; neither
accepts ``inf``, ``nan``, exponents or digits of other scripts, as ``float``
would.

    >>> whole_number("007"), whole_number("9" * 5000), whole_number("-3"), whole_number("b2")
    (7, None, None, None)
    >>> whole_number("-3", signed=True)
    -3
    >>> decimal_number("0.5"), decimal_number(".25"), decimal_number("2"), decimal_number("nan")
    (0.5, 0.25, 2.0, None)
"""

from __future__ import annotations

MAX_DIGITS = 18
"""Most significant digits converted; every number the game asks for is far shorter."""


def whole_number(text: str, *, signed: bool = False) -> int | None:
    """The value of ``text`` as a whole number of ASCII digits, or None if it is not one.

    Spaces around are ignored and leading zeros dropped; a leading ``-`` or
    ``+`` is accepted only when ``signed``. Anything with more than
    :data:`MAX_DIGITS` significant digits is None rather than converted.
    """
    if not isinstance(text, str):
        return None
    digits = text.strip()
    sign = 1
    if signed and digits[:1] in ("-", "+"):
        sign = -1 if digits[0] == "-" else 1
        digits = digits[1:]
    if not (digits.isascii() and digits.isdigit()):
        return None
    significant = digits.lstrip("0") or "0"
    return sign * int(significant) if len(significant) <= MAX_DIGITS else None


def decimal_number(text: str) -> float | None:
    """The value of ``text`` such as ``2``, ``0.5`` or ``.25``, or None if it is not one.

    ASCII digits with at most one decimal point, spaces around ignored; no
    sign. A whole part of more than :data:`MAX_DIGITS` significant digits is
    None; decimals past :data:`MAX_DIGITS` are ignored.
    """
    if not isinstance(text, str):
        return None
    whole, _, decimals = text.strip().partition(".")
    if not (whole or decimals) or not all(
        part == "" or (part.isascii() and part.isdigit()) for part in (whole, decimals)
    ):
        return None
    whole = whole.lstrip("0")
    if len(whole) > MAX_DIGITS:
        return None
    return float(f"{whole or 0}.{decimals[:MAX_DIGITS] or 0}")
