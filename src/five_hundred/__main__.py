"""Run the command line: ``python -m five_hundred`` (see :mod:`five_hundred.cli`)."""

import sys

from five_hundred.cli import main

if __name__ == "__main__":
    sys.exit(main())
