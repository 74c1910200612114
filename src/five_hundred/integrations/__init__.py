"""Adapters to other frameworks: OpenSpiel, PettingZoo (and Gymnasium).

Nothing here is imported by ``five_hundred`` itself: each adapter imports its framework
only when it is imported, so the core runs without any of them.

- :mod:`five_hundred.integrations.encoding`: the fixed action ids and the observation
  tensor that both adapters share (needs NumPy);
- :mod:`five_hundred.integrations.openspiel`: the OpenSpiel game ``python_five_hundred``
  (``pip install 'five-hundred[openspiel]'``);
- :mod:`five_hundred.integrations.pettingzoo`: a PettingZoo AEC environment
  (``pip install 'five-hundred[pettingzoo]'``).

Ray is not an adapter here: :mod:`five_hundred.parallel` runs chunks of work as Ray
tasks (``pip install 'five-hundred[ray]'``).
"""
