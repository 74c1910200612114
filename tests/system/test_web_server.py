"""``five-hundred serve`` as a real process: uvicorn, a SQLite file, SIGKILL and restart."""

import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from tests.extras import need
from tests.helpers import load_benchmark
from tests.web_support import ServerProcess, check_message, running

from five_hundred import GameRecord, Phase

need("uvicorn")
sync_client = need("websockets.sync.client")
ws_exceptions = need("websockets.exceptions")


def post(server: ServerProcess, path: str, body: object) -> Any:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def get(server: ServerProcess, path: str) -> Any:
    with urllib.request.urlopen(server.url + path, timeout=10) as answer:
        return json.loads(answer.read())


def socket(server: ServerProcess, table: str, token: str | None = None) -> Any:
    query = "" if token is None else f"?token={token}"
    return sync_client.connect(
        f"ws://127.0.0.1:{server.port}/ws/tables/{table}{query}", open_timeout=10
    )


def next_message(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=20))
    check_message(message)
    return message


def my_turn(ws: Any, seat: int) -> dict[str, Any]:
    """The next view in which ``seat`` is to act (or the hand is over)."""
    while True:
        message = next_message(ws)
        if message["type"] != "view":
            continue
        seen: dict[str, Any] = message["view"]
        if seen["to_act"] == seat or seen["to_act"] is None:
            return seen


def test_a_seat_resumes_at_its_last_accepted_action_after_sigkill(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db)
    server.start()
    try:
        bots = [{"kind": "bot", "player": "rules"}] * 3
        made = post(
            server, "/api/tables", {"seats": [{"kind": "human"}, *bots], "seed": 8}
        )
        table, token = made["table"], made["seats"][0]["token"]
        rng = random.Random(8)
        for _ in range(4):
            with socket(server, table, token) as ws:
                seen = my_turn(ws, 0)
                if seen["to_act"] is None:
                    break
                ws.send(
                    json.dumps(
                        {"type": "action", "action": rng.choice(seen["legal_actions"])}
                    )
                )
                last = my_turn(ws, 0)
            server.kill()  # at the seat's turn: nothing moves until it acts
            server = ServerProcess(db)
            server.start()
            with socket(server, table, token) as ws:
                first = next_message(ws)
                assert (first["type"], first["seat"]) == ("table", 0)
                assert next_message(ws) == {"type": "view", "view": last}
            assert get(server, f"/api/tables/{table}")["calls"] == last["calls"]
    finally:
        server.stop()
    assert "Traceback" not in server.read_output()


def test_tables_of_computers_survive_sigkill_at_any_moment(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    rules = {"target": 150, "losing_score": -150}
    bots = [{"kind": "bot", "player": "random"}] * 4
    server = ServerProcess(db)
    server.start()
    seen_moves: dict[str, int] = {}
    try:
        tables = [
            post(server, "/api/tables", {"rules": rules, "seats": bots, "seed": n})[
                "table"
            ]
            for n in range(3)
        ]
        rng = random.Random(1)
        for _ in range(3):
            time.sleep(rng.uniform(0.05, 0.4))
            for table in tables:
                with socket(server, table) as ws:
                    seen_moves[table] = next_message(ws)["moves"]
            server.kill()
            server = ServerProcess(db)
            server.start()
            for table in tables:
                with socket(server, table) as ws:
                    assert next_message(ws)["moves"] >= seen_moves[table]
        deadline = time.monotonic() + 120
        for table in tables:
            while get(server, f"/api/tables/{table}")["phase"] != Phase.GAME_OVER.value:
                assert time.monotonic() < deadline, "a game did not end"
                time.sleep(0.1)
            with urllib.request.urlopen(f"{server.url}/api/tables/{table}/record") as r:
                game = GameRecord.from_json(r.read().decode())
            assert game.replay().phase is Phase.GAME_OVER
    finally:
        server.stop()
    assert "Traceback" not in server.read_output()


def read_until_closed(ws: Any) -> None:
    while True:
        ws.recv(timeout=10)


def test_serve_prints_the_address_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server:
        page = urllib.request.urlopen(server.url + "/", timeout=10).read().decode()
        assert "<title>Five Hundred</title>" in page
        # a frame over the server's limit closes the socket, the server goes on
        made = post(server, "/api/tables", {})
        with socket(server, made["table"]) as ws:
            next_message(ws)
            ws.send("x" * 100_000)
            with pytest.raises(ws_exceptions.ConnectionClosed):
                read_until_closed(ws)
        assert get(server, f"/api/tables/{made['table']}")["phase"] == "bidding"
    assert server.process is not None
    assert server.process.returncode == 0
    output = server.read_output()
    assert f"open http://127.0.0.1:{server.port}/ in a browser" in output
    assert "Stopped." in output
    assert "Traceback" not in output


def test_the_load_benchmark_runs_and_loses_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_benchmark("bench_web")
    results = bench.main(tables=2, busy=2, probes=5, target=100, timeout=120)
    assert results["lost"] == 0
    assert results["load moves"] > 0
    out = capsys.readouterr().out
    assert "reference: the probe's p50 on an idle server" in out
    assert "2 games ended" in out
    with pytest.raises(ValueError, match="at least 1"):
        bench.main(tables=0)
