"""The web server is an extra: the core never imports it, and ``serve`` says so without it."""

import subprocess
import sys

import pytest

from five_hundred.cli import main
from five_hundred.cli.serve import default_db


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )


def test_the_core_and_the_command_line_never_import_the_web_server() -> None:
    done = run_python(
        "import sys, five_hundred, five_hundred.cli\n"
        "from five_hundred.cli import main\n"
        "main(['table'])\n"
        "web = [m for m in sys.modules if m.startswith(('five_hundred.web', 'starlette', 'uvicorn'))]\n"
        "print(web)"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("missing", ["uvicorn", "starlette"])
def test_serve_without_the_extra_is_one_clear_line(missing: str) -> None:
    done = run_python(
        "import sys\n"
        f"sys.modules[{missing!r}] = None  # as if not installed\n"
        "from five_hundred.cli import main\n"
        "sys.exit(main(['serve', '--port', '0']))"
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "error: serve needs the web extra" in done.stderr
    assert "pip install 'five-hundred[web]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_checks_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "invalid port '70000'" in capsys.readouterr().err
    assert main(["serve", "--pace", "fast"]) == 2
    assert "invalid pace 'fast'" in capsys.readouterr().err
    assert main(["serve", "--review-time", "90"]) == 2
    assert "invalid review time '90'" in capsys.readouterr().err


def test_the_default_database_is_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", "/data")
    assert str(default_db()) == "/data/five-hundred/tables.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db().parts[-3:] == ("share", "five-hundred", "tables.sqlite3")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert default_db().parts[-4:-1] == (
        "Library",
        "Application Support",
        "five-hundred",
    )
