"""Build step of the engine: compile ``five_hundred._engine`` with mypyc when possible.

All metadata lives in ``pyproject.toml``; this file only adds the compiled modules.
The same typed source is the pure-Python package, so the build falls back to it:

- ``FIVE_HUNDRED_PURE=1`` (any value but empty or ``0``) asks for a pure build, which
  gives a ``py3-none-any`` wheel;
- an editable install (``pip install -e .``) is always pure, so that edits to the
  source take effect at once;
- when the C compiler is missing or fails, the build warns and goes on without the
  compiled modules (the wheel then holds the pure package only).
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

PURE_ENV = "FIVE_HUNDRED_PURE"
ENGINE = Path("src", "five_hundred", "_engine")
# Every engine module but the package's __init__, memo (a decorator over generic
# callables, weakref and functools: compiled it would gain nothing and lose wraps) and
# cache (a dict and a lock: its hit is already the dict's own C code).
COMPILED = [
    "codes",
    "tables",
    "play",
    "seats",
    "core",
    "step",
    "game",
    "settle",
    "playout",
    "auction",
    "solve",
    "adapter",
    "listed",
    "api",
    "guess",
]


# The commands that build the package: the others (egg_info, dist_info, sdist) need no
# compiled modules, and mypyc's type check and code generation take a while.
BUILDS = ("bdist_wheel", "build", "build_ext", "install")


def _wants_pure() -> bool:
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return True
    if any(command in sys.argv for command in ("editable_wheel", "develop")):
        return True
    return not any(command in sys.argv for command in BUILDS)


def _ext_modules() -> list[object]:
    if _wants_pure():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # pragma: no cover - mypy is a build requirement
        print("five_hundred: mypyc not found, building pure Python", file=sys.stderr)
        return []
    paths = [str(ENGINE / f"{name}.py") for name in COMPILED]
    # The engine imports nothing outside itself: the rest of the package (and attrs,
    # which need not be in the build environment) stays out of the type check.
    args = ["--follow-imports=skip", *paths]
    # group_name: the shared library is five_hundred__mypyc, not a hash of the paths.
    return list(
        mypycify(args, opt_level="3", debug_level="0", group_name="five_hundred")
    )


class OptionalBuildExt(build_ext):
    """``build_ext`` that leaves the pure package in place when compiling fails."""

    def run(self) -> None:
        """Build the compiled modules; on any failure, remove them and warn."""
        try:
            super().run()
        except Exception as error:  # any compiler failure means a pure build
            # All or nothing: a module shim without its shared library cannot import.
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            print(
                f"five_hundred: compiling the engine failed ({error}); "
                f"building pure Python (set {PURE_ENV}=1 to skip the attempt)",
                file=sys.stderr,
            )


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
