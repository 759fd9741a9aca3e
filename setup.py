"""Build hooks that pyproject.toml cannot express: the data folders mapped into the package, the
translation catalogs compiled into the wheel, and the rules engine compiled by mypyc.

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

* The rules engine (``stoneage/rules``, all but its ``__init__`` and ``_engine``) and the
  modules of Hard's rollouts (``COMPILED_MODULES``) are compiled with mypyc when a wheel is
  built (``python -m build``, ``pip install .``, the frozen build's wheel) where a C compiler
  works: the wheel then carries an extension module beside each of those ``.py`` files, which
  Python imports in their place. Everything else builds the same modules as plain Python: an
  editable install (whose checkout must run what is edited), an sdist, a machine where no
  compiler can build a Python extension (a warning says why), and any build with
  ``STONEAGE_PURE=1`` set. mypy (which brings mypyc) and the YAML stubs it type-checks the
  rules with are build requirements, pinned like the test extra's.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
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
    "stoneage.ai": ["data/*.json", "data/*.yaml"],
}


# The modules mypyc compiles, one group (one shared library, ``stoneage/native__mypyc``, with a
# thin extension module per source): the rules engine and the modules of Hard's rollouts
# (``bench/rollout_speed.py``: compiled rules alone make a rollout 1.2 times faster, compiled
# with these about twice as fast). Left as Python: ``stoneage.rules``' ``__init__`` and
# ``_engine``, which hold the switch to the pure path (``STONEAGE_PURE``); the modules whose
# frozen dataclasses are pickled (the decisions, the bots' ``Style`` and ``Prices``, sent to
# worker processes): compiled, a frozen dataclass cannot be unpickled. (The frozen ``hard1``
# reference is no part of the package: it lives in the checkout's ``bench/frozen``.)
COMPILED_MODULES = [
    "stoneage/rules/actions.py",
    "stoneage/rules/chance.py",
    "stoneage/rules/core.py",
    "stoneage/rules/data.py",
    "stoneage/rules/errors.py",
    "stoneage/rules/explain.py",
    "stoneage/rules/nodes.py",
    "stoneage/rules/payments.py",
    "stoneage/rules/player.py",
    "stoneage/rules/scoring.py",
    "stoneage/rules/serial.py",
    "stoneage/rules/state.py",
    "stoneage/rules/table.py",
    "stoneage/rules/textform.py",
    "stoneage/rules/tools.py",
    "stoneage/rules/transitions.py",
    "stoneage/ai/outlook.py",
    "stoneage/ai/payments.py",
    "stoneage/ai/placement.py",
    "stoneage/ai/search.py",
    "stoneage/ai/values.py",
]
COMPILED_GROUP = "stoneage.native"
# The setuptools commands that build a wheel or an installed tree; an editable install
# (``editable_wheel``), an sdist and the metadata steps (``egg_info``, ``dist_info``) are not.
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install", "bdist"}


def compiled_rules() -> list[Extension]:
    """The rules modules as mypyc extensions, or no extension (the pure path) where this build
    should not or cannot compile them; says which on stderr."""
    if os.environ.get("STONEAGE_PURE", "") not in ("", "0"):
        return _pure("STONEAGE_PURE is set")
    if not BUILD_COMMANDS & set(sys.argv[1:]):
        return []  # an editable install, an sdist or metadata: nothing is compiled
    if sys.implementation.name != "cpython":
        return _pure(f"mypyc compiles for CPython only, not {sys.implementation.name}")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return _pure("mypyc is not installed (pip install mypy)")
    problem = compiler_problem()
    if problem is not None:
        return _pure(f"no working C compiler for Python extensions ({problem})")
    print(
        f"stoneage: compiling the rules and the rollouts with mypyc ({len(COMPILED_MODULES)} modules)"
    )
    return mypycify(COMPILED_MODULES, opt_level="3", debug_level="0", group_name=COMPILED_GROUP)


def _pure(reason: str) -> list[Extension]:
    print(f"stoneage: the rules engine is built as plain Python: {reason}", file=sys.stderr)
    return []


def compiler_problem() -> str | None:
    """Why this Python cannot build an extension module here (None when it can): compiles
    and links a one-line module against ``Python.h`` with the compiler setuptools would use."""
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler, get_python_inc

    with tempfile.TemporaryDirectory(prefix="stoneage-cc-") as folder:
        source = Path(folder, "probe.c")
        source.write_text("#include <Python.h>\nint stoneage_probe(void) { return 0; }\n")
        try:
            compiler = new_compiler()
            customize_compiler(compiler)
            objects = compiler.compile(
                [str(source)], output_dir=folder, include_dirs=[get_python_inc()]
            )
            compiler.link_shared_object(objects, str(Path(folder, "probe.so")))
        except (CCompilerError, DistutilsError, OSError) as error:
            lines = str(error).strip().splitlines()
            return lines[-1] if lines else type(error).__name__
    return None


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


class BuildExtTold(build_ext):
    """``build_ext`` that says when the C compiler starts and how long it took: the compiled
    rules are one large C file, minutes of a compiler's work with nothing else printed (``pip
    install -v .`` shows these lines as they come)."""

    def run(self) -> None:
        """Compile the extensions (when there are any) between two lines saying so."""
        if not self.extensions:
            super().run()
            return
        print(
            f"stoneage: compiling the C code of {len(self.extensions)} extension modules with "
            "the C compiler: a few minutes with nothing more printed",
            flush=True,
        )
        began = time.monotonic()
        super().run()
        print(f"stoneage: compiled in {time.monotonic() - began:.0f} s", flush=True)


setup(
    packages=find_packages(include=["stoneage", "stoneage.*"]) + sorted(MAPPED_FOLDERS),
    package_dir=MAPPED_FOLDERS,
    package_data=PACKAGE_DATA,
    include_package_data=False,
    cmdclass={"build_py": BuildPyWithCatalogs, "build_ext": BuildExtTold},
    ext_modules=compiled_rules(),
)
