"""The build step pyproject.toml cannot say: compile the gettext catalogs.

Every ``src/tictactoe/texts/locale/<lang>/LC_MESSAGES/tictactoe.po`` becomes the
``tictactoe.mo`` the program reads (with Babel, a build requirement): into the
wheel for ``pip install .`` and ``python -m build``, beside the ``.po`` files
for an editable install (``pip install -e .``). The ``.mo`` files are never
committed; the sdist carries the ``.po`` files.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from setuptools import Command, setup
from setuptools.command.build import build

LOCALE = Path("src") / "tictactoe" / "texts" / "locale"
PACKAGE_LOCALE = Path("tictactoe") / "texts" / "locale"


class BuildCatalogs(Command):
    """Compile each language's ``.po`` catalog into a ``.mo`` file."""

    description = "compile the gettext catalogs (.po) into .mo files"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _sources(self) -> list[Path]:
        return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))

    def _target(self, source: Path) -> Path:
        if self.editable_mode:  # the package is used from src/: compile in place
            return source.with_suffix(".mo")
        assert self.build_lib is not None
        return Path(self.build_lib) / PACKAGE_LOCALE / source.relative_to(LOCALE).with_suffix(".mo")

    def run(self) -> None:
        try:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
        except ImportError as error:  # only a build without isolation can miss it
            raise SystemExit("Compiling the catalogs needs Babel: pip install Babel") from error

        for source in self._sources():
            with source.open("rb") as file:
                catalog = read_po(file)
            target = self._target(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as file:
                write_mo(file, catalog)  # fuzzy entries are left out, as msgfmt does

    def get_source_files(self) -> list[str]:
        return [str(source) for source in self._sources()]

    def get_outputs(self) -> list[str]:
        return [str(self._target(source)) for source in self._sources()]

    def get_output_mapping(self) -> dict[str, str]:
        return {str(self._target(source)): str(source) for source in self._sources()}


class Build(build):
    """``build`` with the catalogs compiled first."""

    sub_commands: ClassVar = [("build_catalogs", None), *build.sub_commands]


setup(cmdclass={"build": Build, "build_catalogs": BuildCatalogs})
