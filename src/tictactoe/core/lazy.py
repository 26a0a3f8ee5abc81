"""A package's public names imported on first use (PEP 562), so importing it stays cheap."""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping


def lazy_names(
    package: str,
    where: Mapping[str, str],
    namespace: MutableMapping[str, object],
    renamed: Mapping[str, str] | None = None,
) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: the name from the module ``where`` says (under
    its ``renamed`` name there), imported when first asked for and kept in ``namespace``."""

    def attribute(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), (renamed or {}).get(name, name))
        namespace[name] = value
        return value

    return attribute
