"""Load on ``five-hundred serve``: busy tables, spectators, and a person's latency.

Run ``python benchmarks/bench_web.py [--tables 200] [--busy 50] [--probes 200]``
(needs the ``web`` extra).  It starts the server as a child process on a free
loopback port with a fresh SQLite file (computer players at ``--pace 0``: they move
as fast as the server lets them, which is far busier than people play; hands not
reviewed, ``--review-time 0``: the review is timed by ``bench_review.py``), then:

1. **idle** (the reference): a probe table (one person, three computer players)
   on an otherwise idle server: the time from the person's action (or the next
   hand) to the view that shows it, ``--probes`` times, one action every 60 ms;
2. **busy**: the same while ``--busy`` tables of four computer players play;
3. **load**: ``--tables`` tables of four computer players at once, each watched by
   a spectator socket, and the probe as well.  Every game must end, and every
   spectator must have been sent every view from its connection on (the count of
   views it got equals the table's moves since), nothing lost; the stored record
   of each game must replay to its end.

It prints p50 / p99 of the probe's latency in each phase, as milliseconds and as
ratios to the idle p50 of the same run, and the moves the server took per second.
The target: p99 under 50 ms with 50 busy tables on the project's 2-core machine.
Every run is bounded (``--timeout`` seconds per phase) and talks to 127.0.0.1 only.
"""

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect

from five_hundred import GameRecord, Phase

TARGET_MS: Final = 50.0
THINK: Final = 0.06
"""Seconds the probe waits before each action (under the server's rate limit)."""
BOTS: Final = [{"kind": "bot", "player": "rules"}] * 4


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def server(db: Path) -> Iterator[str]:
    """A ``five-hundred serve`` child process on a free loopback port; its address."""
    port = free_port()
    log = db.with_suffix(".log").open("w")
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "five_hundred", "serve", "--port", str(port)),
            *("--db", str(db), "--pace", "0", "--review-time", "0"),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(20)
        log.close()
        output = db.with_suffix(".log").read_text()
        if "Traceback" in output:
            raise RuntimeError(f"the server printed a traceback:\n{output}")


def http(address: str, path: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://{address}{path}",
        data=data,
        headers={"Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read().decode()
    return json.loads(text)


def create(address: str, seats: list[dict[str, str]], seed: int, target: int) -> Any:
    rules = {"target": target, "losing_score": -target}
    return http(address, "/api/tables", {"rules": rules, "seats": seats, "seed": seed})


async def messages(ws: ClientConnection) -> Any:
    return json.loads(await ws.recv())


async def probe(address: str, count: int, seed: int) -> list[float]:
    """Latencies (seconds) of a person's actions at a table of three computers.

    Each is the time from sending the action (or the next hand) to the view that
    shows it: the first view after it, since nothing else moves on the seat's turn.
    """
    rng = random.Random(seed)
    seats = [{"kind": "human"}, *BOTS[:3]]
    made = await asyncio.to_thread(create, address, seats, seed, 500)
    url = f"ws://{address}/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
    latencies: list[float] = []
    async with connect(url) as ws:
        seen = await next_view(ws)
        while len(latencies) < count and seen["phase"] != Phase.GAME_OVER.value:
            if seen["to_act"] == 0:
                sent = {"type": "action", "action": rng.choice(seen["legal_actions"])}
            elif seen["phase"] == Phase.HAND_OVER.value:
                sent = {"type": "next_hand"}
            else:
                seen = await next_view(ws)
                continue
            await asyncio.sleep(THINK)
            start = time.perf_counter()
            await ws.send(json.dumps(sent))
            seen = await next_view(ws)
            latencies.append(time.perf_counter() - start)
    return latencies


async def next_view(ws: ClientConnection) -> dict[str, Any]:
    """The next view sent (a refusal or an error stops the run)."""
    while True:
        message = await messages(ws)
        if message["type"] == "view":
            seen: dict[str, Any] = message["view"]
            return seen
        if message["type"] != "table":
            raise RuntimeError(f"the probe was sent {message}")


async def watch(address: str, table: str) -> tuple[int, int]:
    """A spectator to the game's end: the views it got and the moves it saw made."""
    views = 0
    first = None
    async with connect(f"ws://{address}/ws/tables/{table}", max_queue=None) as ws:
        while True:
            message = await messages(ws)
            if message["type"] == "table":
                first = message["moves"] if first is None else first
                continue
            views += 1
            if message["view"]["phase"] == Phase.GAME_OVER.value:
                break
    final = await asyncio.to_thread(http, address, f"/api/tables/{table}")
    assert final["phase"] == Phase.GAME_OVER.value
    return views, (first or 0)


def percentiles(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return p50 * 1000, p99 * 1000


async def busy_probe(
    address: str, busy: int, probes: int, target: int, timeout: float
) -> tuple[list[float], float]:
    """The probe while ``busy`` tables of computers play; the server's moves a second."""
    tables = [create(address, BOTS, 1000 + n, target)["table"] for n in range(busy)]
    start = time.perf_counter()
    latencies = await asyncio.wait_for(probe(address, probes, 7), timeout)
    took = time.perf_counter() - start
    moves = await asyncio.gather(*(moves_of(address, table) for table in tables))
    return latencies, sum(moves) / took


async def moves_of(address: str, table: str) -> int:
    """How many moves a table has taken (from a spectator's first message)."""
    async with connect(f"ws://{address}/ws/tables/{table}") as ws:
        first: dict[str, Any] = await messages(ws)
        moves: int = first["moves"]
        return moves


async def load(
    address: str, tables: int, probes: int, target: int, timeout: float
) -> dict[str, Any]:
    """``tables`` games of computers, each watched, and the probe; every game ends."""
    ids = [create(address, BOTS, 5000 + n, target)["table"] for n in range(tables)]
    start = time.perf_counter()
    watching = asyncio.gather(*(watch(address, table) for table in ids))
    latencies = await asyncio.wait_for(probe(address, probes, 9), timeout)
    results = await asyncio.wait_for(watching, timeout)
    took = time.perf_counter() - start
    lost = 0
    total = 0
    for table, (views, first) in zip(ids, results, strict=True):
        record = GameRecord.from_json(
            urllib.request.urlopen(
                f"http://{address}/api/tables/{table}/record", timeout=30
            )
            .read()
            .decode()
        )
        state = record.replay()
        assert state.phase is Phase.GAME_OVER
        moves = sum(len(hand.actions) for hand in record.hands) + len(record.hands) - 1
        total += moves
        lost += (moves - first + 1) - views
    return {
        "latencies": latencies,
        "lost": lost,
        "moves": total,
        "seconds": took,
    }


def main(
    *,
    tables: int = 200,
    busy: int = 50,
    probes: int = 200,
    target: int = 500,
    timeout: float = 600.0,
) -> dict[str, Any]:
    """Run the three phases; their figures (milliseconds, ratios, counts)."""
    if min(tables, busy, probes) < 1:
        msg = "tables, busy and probes must be at least 1"
        raise ValueError(msg)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        with server(Path(folder) / "idle.sqlite3") as address:
            idle = asyncio.run(busy_probe(address, 0, probes, target, timeout))[0]
        with server(Path(folder) / "busy.sqlite3") as address:
            busy_latency, busy_rate = asyncio.run(
                busy_probe(address, busy, probes, target, timeout)
            )
        with server(Path(folder) / "load.sqlite3") as address:
            loaded = asyncio.run(load(address, tables, probes, target, timeout))
    reference = percentiles(idle)[0]
    print(
        f"five-hundred serve on {os.cpu_count()} cores; probe: 1 person + 3 computers"
    )
    print(f"reference: the probe's p50 on an idle server, {reference:.2f} ms")
    print(f"{'phase':<34} {'p50 ms':>8} {'p99 ms':>8} {'p50 x':>7} {'p99 x':>7}")
    for name, latencies in [
        ("idle (no other table)", idle),
        (f"busy ({busy} busy tables)", busy_latency),
        (f"load ({tables} tables, {tables} spectators)", loaded["latencies"]),
    ]:
        p50, p99 = percentiles(latencies)
        results[name] = {"p50": p50, "p99": p99, "n": len(latencies)}
        print(
            f"{name:<34} {p50:8.2f} {p99:8.2f} {p50 / reference:7.2f} {p99 / reference:7.2f}"
        )
    busy_p99 = results[f"busy ({busy} busy tables)"]["p99"]
    print(
        f"busy p99 {busy_p99:.1f} ms: "
        + ("within" if busy_p99 < TARGET_MS else "OVER")
        + f" the {TARGET_MS:g} ms target"
    )
    print(f"busy phase: {busy_rate:.0f} moves a second")
    print(
        f"load: {tables} games ended, {loaded['moves']} moves in "
        f"{loaded['seconds']:.1f} s ({loaded['moves'] / loaded['seconds']:.0f} a second), "
        f"{loaded['lost']} views lost"
    )
    results["lost"] = loaded["lost"]
    results["load moves"] = loaded["moves"]
    results["busy rate"] = busy_rate
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--busy", type=int, default=50)
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--timeout", type=float, default=600.0)
    options = parser.parse_args()
    main(
        tables=options.tables,
        busy=options.busy,
        probes=options.probes,
        target=options.target,
        timeout=options.timeout,
    )
