"""Shared pytest configuration: Hypothesis settings profiles.

Profiles:

* ``ci``: Hypothesis's built-in CI profile (derandomized, no example database,
  no deadline), with fewer examples so the whole suite stays well inside CI's
  time on two cores. Hypothesis loads it by itself when ``CI`` is set.
* ``dev``: the default on a developer's machine; quick, and no deadline, so a
  slow first call never makes a test flaky.
* ``thorough``: many examples, for a long run before a release.

Pick one with ``HYPOTHESIS_PROFILE=thorough python -m pytest`` or
``python -m pytest --hypothesis-profile thorough``.
"""

import os

from hypothesis import HealthCheck, settings

# Re-registering "ci" while it is the current profile reloads it.
settings.register_profile(
    "ci", settings.get_profile("ci"), max_examples=60, deadline=None
)
# Based on Hypothesis's "default" profile, not on whichever profile is loaded.
_default = settings.get_profile("default")
settings.register_profile("dev", _default, max_examples=30, deadline=None)
settings.register_profile(
    "thorough",
    _default,
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

if profile := os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(profile)
elif settings.get_current_profile_name() != "ci":
    settings.load_profile("dev")
