"""Run numbered chunks of work in this process, on local worker processes or on Ray.

A long run (a simulation, a match between bots) is cut into chunks whose content
depends only on their number and the run's seed, never on how many workers there are:
:func:`chunk_seeds` draws one seed per chunk from the run's seed.  :func:`run_chunks`
then runs ``task(chunk)`` for every chunk, in this process (one worker), on a pool of
processes, or as Ray tasks, and returns the results in chunk order, so that whatever
is added up from them is the same for any number of workers.

>>> from five_hundred.parallel import chunk_sizes, run_chunks
>>> chunk_sizes(250, 100)
(100, 100, 50)
>>> run_chunks(abs, [-3, 1, -2], workers=1).results
(3, 1, 2)

Ctrl-C stops the run: the chunks done so far come back, with ``interrupted`` set.
The ``task`` must be a module-level function (the worker processes import it by name),
and its argument and result must pickle.
"""

import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from five_hundred.dealing import SplitMix64

__all__ = [
    "ClusterError",
    "Outcome",
    "chunk_seeds",
    "chunk_sizes",
    "default_workers",
    "ignore_interrupts",
    "run_chunks",
    "worker_context",
]

A = TypeVar("A")
R = TypeVar("R")


class ClusterError(Exception):
    """Ray is missing, or the Ray cluster cannot be reached (a one-line message)."""


@attrs.frozen
class Outcome(Generic[R]):
    """The results of the chunks that were run, in chunk order."""

    results: tuple[R, ...]
    """The finished chunks' results, in chunk order (all of them unless interrupted)."""
    interrupted: bool = False
    """Whether Ctrl-C stopped the run before every chunk was done."""


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # pragma: no cover - not on Linux
        return max(os.cpu_count() or 1, 1)


def chunk_sizes(total: int, size: int) -> tuple[int, ...]:
    """``total`` cut into chunks of ``size`` (the last one may be smaller)."""
    full, rest = divmod(total, size)
    return (size,) * full + ((rest,) if rest else ())


def chunk_seeds(seed: int, count: int) -> tuple[int, ...]:
    """One seed per chunk, drawn from the run's ``seed`` (SplitMix64)."""
    rng = SplitMix64(seed)
    return tuple(rng.next64() for _ in range(count))


def ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the run.

    :func:`run_chunks` starts its workers with it; a harness that starts its own
    processes (with :func:`worker_context`) calls it first thing in the child.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunks(
    task: Callable[[A], R],
    chunks: Sequence[A],
    *,
    workers: int | None = None,
    ray: str | None = None,
    on_done: Callable[[int, R], None] | None = None,
) -> Outcome[R]:
    """Run ``task`` on every chunk; return the results in chunk order.

    Args:
        task: a module-level function of one chunk.
        chunks: the chunks' arguments.
        workers: processes to use (default: every core); 1 runs in this process.
            With Ray and no address, the CPUs of the local Ray instance.
        ray: run as Ray tasks: ``"local"`` starts a local instance, anything else is
            the address of a running cluster (``"auto"``, ``"host:port"`` or a
            ``ray://`` client address).
        on_done: called with the chunk's number and result as each chunk finishes
            (in the order they finish), e.g. to move a progress bar.

    Raises:
        ClusterError: if Ray is not installed or the cluster cannot be reached.
    """
    count = default_workers() if workers is None else workers
    done: dict[int, R] = {}

    def finished(index: int, result: R) -> None:
        done[index] = result
        if on_done is not None:
            on_done(index, result)

    interrupted = False
    try:
        if ray is not None:
            _run_ray(task, chunks, count, ray, finished)
        elif count <= 1 or len(chunks) <= 1:
            for index, chunk in enumerate(chunks):
                finished(index, task(chunk))
        else:
            _run_pool(task, chunks, min(count, len(chunks)), finished)
    except KeyboardInterrupt:
        interrupted = True
    return Outcome(tuple(done[i] for i in sorted(done)), interrupted)


@contextlib.contextmanager
def _ctrl_c() -> Iterator[threading.Event]:
    """An event set by Ctrl-C (instead of a KeyboardInterrupt at a random point)."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)
    if stop.is_set():
        raise KeyboardInterrupt


def _run_pool(
    task: Callable[[A], R],
    chunks: Sequence[A],
    workers: int,
    finished: Callable[[int, R], None],
) -> None:
    pool = concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=worker_context(task), initializer=ignore_interrupts
    )
    queue = iter(enumerate(chunks))
    running: dict[concurrent.futures.Future[R], int] = {}
    complete = False
    try:
        with _ctrl_c() as stop:
            while not stop.is_set():
                # A few chunks in flight a worker: Ctrl-C then has little to cancel.
                for index, chunk in itertools.islice(queue, 2 * workers - len(running)):
                    running[pool.submit(task, chunk)] = index
                if not running:
                    break
                ready, _ = concurrent.futures.wait(
                    running,
                    timeout=_TICK,
                    return_when=concurrent.futures.FIRST_COMPLETED,
                )
                for future in ready:
                    finished(running.pop(future), future.result())
            complete = not stop.is_set()
    finally:
        # On Ctrl-C the chunks not started are dropped; those running finish quietly.
        # Once every chunk is done the idle workers exit at once: wait for them, so
        # that none outlives the run (and their CPU time is the parent's to count).
        pool.shutdown(wait=complete, cancel_futures=True)


def worker_context(task: Callable[[A], R]) -> multiprocessing.context.BaseContext:
    """How to start worker processes that run ``task``: the cheapest way safe here.

    On Linux, a process running no other thread forks its workers: they start in
    milliseconds, import nothing and inherit the warm caches.  With other threads
    running, a forked child could inherit a lock held by one of them, so the workers
    come from the forkserver (which imports ``task``'s module once, for all of them),
    or are spawned where there is none.  ``task`` is a module-level function.

    >>> worker_context(abs).get_start_method() in {"fork", "forkserver", "spawn"}
    True
    """
    methods = multiprocessing.get_all_start_methods()
    if (
        sys.platform.startswith("linux")
        and "fork" in methods
        and threading.active_count() == 1
    ):
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["__main__", task.__module__])
    return context


_TICK: Final = 0.25
"""Seconds between looks at Ctrl-C while waiting for chunks."""


def _probe(address: str) -> None:
    """Fail fast, in one line, when nothing listens at a ``host:port`` address."""
    target = address.removeprefix("ray://")
    host, colon, port = target.rpartition(":")
    if not colon or not port.isdigit():
        msg = f"cannot reach the Ray cluster at {address!r}: expected host:port"
        raise ClusterError(msg)
    try:
        with socket.create_connection((host, int(port)), timeout=5):
            pass
    except OSError as error:
        msg = f"cannot reach the Ray cluster at {address!r}: {error.strerror or error}"
        raise ClusterError(msg) from None


def _run_ray(
    task: Callable[[A], R],
    chunks: Sequence[A],
    workers: int,
    address: str,
    finished: Callable[[int, R], None],
) -> None:
    try:
        import ray  # optional: five-hundred[ray]
    except ImportError:
        msg = "--ray needs Ray: pip install 'five-hundred[ray]'"
        raise ClusterError(msg) from None
    options: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address == "local":
        options |= {"num_cpus": workers, "_node_ip_address": "127.0.0.1"}
    elif address != "auto":
        _probe(address)
        options["address"] = address
    else:
        options["address"] = "auto"
    try:
        ray.init(**options)
    except (ConnectionError, RuntimeError, ValueError) as error:
        first = (
            str(error).strip().splitlines()[0]
            if str(error).strip()
            else type(error).__name__
        )
        msg = f"cannot reach the Ray cluster at {address!r}: {first}"
        raise ClusterError(msg) from None
    try:
        remote = ray.remote(task)
        pending = {remote.remote(chunk): index for index, chunk in enumerate(chunks)}
        try:
            with _ctrl_c() as stop:
                while pending and not stop.is_set():
                    ready, _ = ray.wait(list(pending), num_returns=1, timeout=_TICK)
                    for ref in ready:
                        finished(pending.pop(ref), ray.get(ref))
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref)
            raise
    finally:
        ray.shutdown()
