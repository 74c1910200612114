"""Tests for five_hundred, laid out by kind.

* ``unit/``: one module per public module of the package (``test_state.py`` for
  ``five_hundred.state``, ``test_solver.py`` for ``five_hundred.search.solver``, ...).
* ``engine/``: the engine layer (``five_hundred._engine``) against the public API.
* ``system/``: whole games and whole programs: fuzzing, the state machine, perft, the
  pure/compiled differential, the app's flows, the command line in real processes,
  bounds on time and memory, the benchmark scripts, the rules page traced to tests.
* ``docs/``: the documentation build and the example scripts (the doctests of the
  pages, the README and the docstrings run from pyproject's ``testpaths``).

The folders are not packages: a test module's name is unique across them (mypy and
the rules page's traceability test name a module without its folder).

The shared helpers live here, at the top, and nowhere else: :mod:`tests.strategies`
(Hypothesis strategies), :mod:`tests.random_games` (seeded random games),
:mod:`tests.helpers` (fixed deals, positions steered to each contract, checks shared
by several modules), :mod:`tests.extras` (the optional extras), :mod:`tests.json_schema` (a fast
checker of the views' JSON Schema) and
:mod:`tests.differential` (the pure/compiled transcripts ``.ci/run`` compares).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root directory."""
