"""Build hooks that pyproject.toml cannot express: the data folders mapped into the package, and
the translation catalogs compiled into the wheel.

Everything else (name, version, dependencies, the ``stoneage`` command) is in pyproject.toml.

* ``assets/`` (images, fonts, sounds) stays at the top of the repo, the single source of truth,
  and is mapped into the package as ``stoneage/assets`` (``package_dir``): a wheel, an sdist
  install and (through ``build_exe.spec``) the frozen build all read it from the package.
* ``i18n/<lang>.po`` is compiled to ``stoneage/locale/<lang>/LC_MESSAGES/stoneage.mo`` by the
  ``build_py`` step (Babel is a build requirement), so an installed game never needs Babel. An
  editable install compiles into the checkout's ``stoneage/locale`` (git ignores ``*.mo``),
  where the game run from source reads them (setuptools' strict editable mode links them into
  its package tree from ``get_output_mapping``). The default editable mode's import hook maps
  ``stoneage.assets`` to ``assets/`` but cannot import a data-only package nested in a regular
  one, so ``stoneage.resources`` reads ``assets/`` from the checkout there.

The wheel holds no ``.po`` file and no second copy of anything in the repo.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))

import compile_catalogs  # noqa: E402  (tools/compile_catalogs.py, shipped in the sdist)

# Package -> the repo folder it is built from. The folders hold no Python: they are data-only
# packages, so setuptools needs them named here (find_packages looks for __init__.py files).
MAPPED_FOLDERS = {"stoneage.assets": "assets"}

PACKAGE_DATA = {
    "stoneage.assets": ["images/*.svg", "fonts/*.ttf", "fonts/*.otf", "fonts/*.txt", "sounds/**/*"],
    "stoneage.rules": ["data/*.yaml"],
    "stoneage.ai": ["data/*.json"],
}


class BuildPyWithCatalogs(build_py):
    """``build_py`` that also compiles the catalogs into the built package."""

    def run(self) -> None:
        """Build the package as usual, then compile ``i18n/*.po`` beside it.

        A catalog marked fuzzy as a whole is skipped with a warning (that language stays
        English), as in the frozen build; a catalog with errors fails the build.
        """
        super().run()
        compile_catalogs.compile_all(ROOT / "i18n", self._locale_dir())

    def _locale_dir(self) -> Path:
        """Where the ``.mo`` files are written: into the built package, or for an editable
        install into the checkout, which the default (lenient) editable mode imports from."""
        if self.editable_mode:
            return ROOT / "stoneage" / "locale"
        return Path(self.build_lib) / "stoneage" / "locale"

    def _catalogs(self) -> dict[str, str]:
        """Each compiled catalog's place in the built package -> where it was written."""
        built = Path(self.build_lib) / "stoneage" / "locale"
        return {
            str(compile_catalogs.mo_path(built, language)): str(
                compile_catalogs.mo_path(self._locale_dir(), language)
            )
            for language in compile_catalogs.find_catalogs(ROOT / "i18n")
        }

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        """The package's files, the catalogs included."""
        outputs = super().get_outputs(include_bytecode)
        return outputs + [built for built in self._catalogs() if built not in outputs]

    def get_output_mapping(self) -> dict[str, str]:
        """Built file -> source; the strict editable mode links its package tree from it."""
        mapping = super().get_output_mapping()
        if self.editable_mode:
            mapping.update(
                (built, source)
                for built, source in self._catalogs().items()
                if Path(source).exists()
            )
        return mapping


setup(
    packages=find_packages(include=["stoneage", "stoneage.*"]) + sorted(MAPPED_FOLDERS),
    package_dir=MAPPED_FOLDERS,
    package_data=PACKAGE_DATA,
    include_package_data=False,
    cmdclass={"build_py": BuildPyWithCatalogs},
)
