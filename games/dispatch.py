"""Where independent jobs run: in this process, over a local pool of processes, or on a Dask cluster.

:func:`unordered` calls ``fn(item)`` once for every item and yields each result once, in the order
they finish (tournaments and soaks put them back in order themselves).  ``scheduler=None`` (the
default) uses this process (``workers <= 1``) or a local ``multiprocessing`` pool and needs nothing
beyond the standard library.  ``scheduler="tcp://HOST:PORT"`` sends the jobs to a running Dask
``distributed`` scheduler (an optional dependency: ``pip install 'cardtable[cluster]'``), which
hands them to its workers; nothing here schedules anything:

- every job is one ``Client.submit`` with ``retries=RETRIES`` (a job that raised is tried again,
  on whichever worker is free), taken back with ``as_completed``;
- a worker that dies has its jobs handed to other workers by the scheduler itself; a job that
  took ``distributed.scheduler.allowed-failures`` + 1 workers down with it ends the run
  (:class:`ClusterError`, naming the job);
- a scheduler that goes away ends the run at once with :class:`SchedulerLost` (the results
  yielded so far are the caller's to keep);
- a job that raises on its last try raises the same exception here as it would locally;
- workers whose ``games`` package (the rules and bots, which decide every match) differs from
  this machine's are refused before anything is sent (those connected when the run starts) (:func:`games_fingerprint`): the same
  seeds give the same matches only with the same code.

``fn`` must be importable by name on the scheduler (which reads the jobs) and the workers: a
function of ``games`` or ``cardtable``, so that they need only the project installed.  Or its
modules are listed in ``by_value``: ``fn`` is then pickled once with their code (cloudpickle), the
bytes go with every job, and :func:`_call_pickled` unpacks them on the worker (the soak does
this: its script and the conformance checks are not installed anywhere).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Generator, Sequence
from types import ModuleType
from typing import Any, TypeVar

from games.core import CardtableError

T = TypeVar("T")
R = TypeVar("R")

RETRIES = 2  # tries after the first for a job that raised (Dask's own ``retries``)
CONNECT_SECONDS = 10  # how long to try to reach the scheduler before giving up
INSTALL_HINT = "pip install 'cardtable[cluster]'"


class ClusterError(CardtableError):
    """A Dask cluster could not be used or lost a job (the message says which and why)."""


class SchedulerLost(ClusterError):
    """The scheduler went away in the middle of a run."""


def unordered(
    fn: Callable[[T], R],
    items: Sequence[T],
    workers: int = 1,
    scheduler: str | None = None,
    by_value: Sequence[ModuleType] = (),
    describe: Callable[[T], str] = repr,
) -> Generator[R, None, None]:
    """``fn(item)`` for every item, each result once, as they finish (see the module docstring).
    Close the iterator (or let it run out) to free the pool or the cluster's jobs."""
    if not items:
        return  # nothing to play: no pool, no connection (a finished tournament reprints at once)
    if scheduler:
        yield from _on_cluster(fn, items, scheduler, by_value, describe)
    elif workers <= 1 or len(items) <= 1:
        yield from map(fn, items)
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with ctx.Pool(workers) as pool:
            yield from pool.imap_unordered(fn, items)


def import_distributed() -> ModuleType:
    """Dask's ``distributed``, or a ClusterError that says how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            f"running on a Dask scheduler needs Dask's distributed package: {INSTALL_HINT}"
        ) from None
    return distributed


def _on_cluster(
    fn: Callable[[T], R],
    items: Sequence[T],
    address: str,
    by_value: Sequence[ModuleType],
    describe: Callable[[T], str],
) -> Generator[R, None, None]:
    distributed = import_distributed()
    job: Callable[..., R] = fn
    args: tuple = ()
    if by_value:  # the function travels as cloudpickle bytes, unpacked on the worker by _call_pickled
        job, args = _call_pickled, (_pickled(fn, by_value),)
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({_first_line(exc)})") from None
    try:
        _check_same_games(client, address)
        run = uuid.uuid4().hex[:8]
        name = getattr(fn, "__name__", "job").strip("_") or "job"
        futures = {
            client.submit(job, *args, item, key=f"{name}-{run}-{i}", pure=False, retries=RETRIES): item
            for i, item in enumerate(items)
        }
        for future in distributed.as_completed(futures, loop=client.loop):
            yield _result(future, address, distributed, describe, futures[future])
            future.release()
    finally:
        _close(client)


def games_fingerprint() -> str:
    """A digest of the ``games`` package's source files (the rules and bots)."""
    import hashlib
    from pathlib import Path

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _local_fingerprint() -> str:
    return games_fingerprint()


def _check_same_games(client: Any, address: str) -> None:
    """Refuse a cluster whose workers run other rules or bots than this machine (each worker
    computes its own :func:`games_fingerprint`)."""
    mine = _local_fingerprint()
    theirs = client.run(games_fingerprint, on_error="return")
    other = sorted(worker for worker, print_ in theirs.items() if print_ != mine)
    if other:
        raise ClusterError(
            f"{len(other)} of the {len(theirs)} workers of {address} (such as {other[0]}) have "
            "other rules or bots than this machine: install the same version of cardtable on every machine"
        )


def _pickled(fn: Callable, by_value: Sequence[ModuleType]) -> bytes:
    """``fn`` pickled with its modules' code (cloudpickle), so that a worker without them can run it."""
    import cloudpickle

    added = [m for m in by_value if m.__name__ != "__main__" and m.__name__ not in _registered()]
    for module in added:
        cloudpickle.register_pickle_by_value(module)
    try:
        return cloudpickle.dumps(fn)
    finally:
        for module in added:
            cloudpickle.unregister_pickle_by_value(module)


def _registered() -> set[str]:
    import cloudpickle

    return set(cloudpickle.list_registry_pickle_by_value())


def _call_pickled(blob: bytes, item: Any) -> Any:
    """Run on a worker: the function of :func:`_pickled` applied to ``item``."""
    import pickle

    return pickle.loads(blob)(item)


def _result(
    future: Any, address: str, distributed: ModuleType, describe: Callable[[Any], str], item: Any
) -> Any:
    """The job's result; our errors for a lost scheduler and a job that kills its workers."""
    if future.cancelled():
        raise SchedulerLost(f"the Dask scheduler at {address} went away")
    try:
        return future.result()
    except distributed.KilledWorker as exc:
        raise ClusterError(
            f"{describe(item)} stopped {exc.allowed_failures + 1} Dask workers in a row "
            f"(the last at {exc.last_worker.address}); the run is stopped"
        ) from None
    except distributed.CancelledError:
        raise SchedulerLost(f"the Dask scheduler at {address} went away") from None


def _close(client: Any) -> None:
    """Close the client (its unfinished jobs are dropped by the scheduler).  When the scheduler is
    gone, Dask's client logs its cancelled reconnection as an error with a traceback: our own
    message says it once, so that log is held back while closing."""
    import logging

    log = logging.getLogger("distributed.client")
    lost, level = client.status != "running", log.level
    if lost:
        log.setLevel(logging.CRITICAL)
    try:
        client.close(timeout=CONNECT_SECONDS)
    except Exception:  # closing a client whose scheduler is gone may time out: nothing left to free
        pass
    finally:
        log.setLevel(level)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
