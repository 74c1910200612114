"""A reference game server and browser table: ``five-hundred serve``.

Needs the ``web`` extra (``pip install 'five-hundred[web]'``: Starlette and
uvicorn).  Nothing in the rest of the library imports this package: it is an app
built on the library's public API, and an example of one.

- :func:`~five_hundred.web.app.create_app`: the ASGI application over a SQLite file;
- :mod:`five_hundred.web.tables`: the tables, seats and computer players;
- :mod:`five_hundred.web.store`: the database of tables and accepted moves;
- ``five_hundred/web/schemas/``: a JSON Schema for each message of the protocol;
- ``five_hundred/web/static/``: the browser table (HTML, CSS and JavaScript, no
  build step).
"""

from five_hundred.web.app import create_app
from five_hundred.web.store import Store
from five_hundred.web.tables import Hub, Table, TableSpec

__all__ = ["Hub", "Store", "Table", "TableSpec", "create_app"]
