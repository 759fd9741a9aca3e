"""Build hooks that pyproject.toml cannot express: the data folders mapped into the package, and
the translation catalogs compiled into the wheel.

Everything else (name, version, dependencies, the ``stoneage`` command) is in pyproject.toml.

* ``assets/`` (images, fonts, sounds) stays at the top of the repo, the single source of truth,
  and is mapped into the package as ``stoneage/assets`` (``package_dir``): a wheel, an sdist
  install and (through ``build_exe.spec``) the frozen build all read it from the package.
* ``i18n/<lang>.po`` is compiled to ``stoneage/locale/<lang>/LC_MESSAGES/stoneage.mo`` by the
  ``build_py`` step (Babel is a build requirement), so an installed game never needs Babel. An
  editable install compiles into the checkout's ``stoneage/locale`` (git ignores ``*.mo``),
  where the game run from source reads them.

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
}


class BuildPyWithCatalogs(build_py):
    """``build_py`` that also compiles the catalogs into the built package."""

    def run(self) -> None:
        """Build the package as usual, then compile ``i18n/*.po`` beside it."""
        super().run()
        if self.editable_mode:
            # An editable install imports the package from the checkout: compile there.
            out = ROOT / "stoneage" / "locale"
        else:
            out = Path(self.build_lib) / "stoneage" / "locale"
        # A catalog marked fuzzy as a whole is skipped with a warning (that language stays
        # English), as in the frozen build; a catalog with errors fails the build.
        compile_catalogs.compile_all(ROOT / "i18n", out)


setup(
    packages=find_packages(include=["stoneage", "stoneage.*"]) + sorted(MAPPED_FOLDERS),
    package_dir=MAPPED_FOLDERS,
    package_data=PACKAGE_DATA,
    include_package_data=False,
    cmdclass={"build_py": BuildPyWithCatalogs},
)
