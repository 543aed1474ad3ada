"""What a tournament match costs on a Dask cluster (issue 36), beside the local process pool.

1. Shipping one match.  Bytes: every message that client, scheduler and worker send for it,
   counted at Dask's TCP layer (``distributed.comm.tcp.TCP.write``) in a cluster that runs in this
   process but talks TCP, as the difference between a run of 2N and of N matches, divided by N
   (the connections and the first messages cancel out).  Milliseconds: a job that does nothing
   (``len`` of a match's task, the same argument to ship) on a cluster of one worker process,
   per job in a queue (2N jobs less N, over N: what a long tournament pays per match), and one
   job alone (the round trip a single match waits).
2. The same tournament four ways on this machine: in this process, over a local pool of two
   processes, on a cluster of one and of two worker processes (one thread each; the cluster is
   started before the clock runs, as a real one would be): wall seconds, the median of
   ``--runs`` runs, and the speed-up against the local pool of two and against this process,
   with the load average before and after (the machine may be shared: rerun when it is busy).

Usage: python benchmarks/bench_cluster.py [--quick] [--game contract_grid] [--levels random,normal]
       [--cycles 12] [--runs 3]
Numbers only; nothing here asserts a speed (design.md: performance lives in benchmarks/).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import arena, dispatch

SENT = [0]  # bytes written by every TCP comm of this process


def count_tcp_bytes() -> None:
    """Count the bytes each Dask TCP comm of this process writes (frames, without TCP/IP headers)."""
    from distributed.comm import tcp

    write = tcp.TCP.write

    async def counted(self, msg, serializers=None, on_error="message"):
        n = await write(self, msg, serializers, on_error)
        SENT[0] += n
        return n

    tcp.TCP.write = counted  # type: ignore[method-assign]


def bytes_per_match(game: str, levels: list[str], n: int) -> float:
    """Bytes on the wire per match: a run of 2n matches less a run of n, over n."""
    from distributed import LocalCluster

    count_tcp_bytes()
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://", dashboard_address=None
    ) as cluster:
        todo = arena.tasks(game, levels, 2 * n)
        sent = []
        for k in (n, 2 * n):
            start = SENT[0]
            assert (
                len(list(dispatch.unordered(arena._play, todo[:k], scheduler=cluster.scheduler_address))) == k
            )
            time.sleep(0.2)  # the last releases
            sent.append(SENT[0] - start)
    return (sent[1] - sent[0]) / n


def ms_per_job(game: str, levels: list[str], n: int) -> tuple[float, float]:
    """Milliseconds per do-nothing job in a queue (a run of 2n jobs less a run of n, over n), and
    for one job alone (median of 5)."""
    from distributed import LocalCluster

    task = arena.tasks(game, levels, 1)[0]
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        list(dispatch.unordered(len, [task] * 4, scheduler=address))  # warm: connections, imports
        took = []
        for k in (n, 2 * n):  # the difference: without connecting the client
            start = time.perf_counter()
            assert len(list(dispatch.unordered(len, [task] * k, scheduler=address))) == k
            took.append(time.perf_counter() - start)
        queued = (took[1] - took[0]) / n
        from distributed import Client

        with Client(address, set_as_default=False) as client:
            alone = []
            for _ in range(5):
                start = time.perf_counter()
                client.submit(len, task, pure=False).result()
                alone.append(time.perf_counter() - start)
    return 1000 * queued, 1000 * statistics.median(alone)


def tournament_seconds(game: str, levels: list[str], cycles: int, runs: int) -> dict[str, float]:
    """Median wall seconds of the same tournament in this process, a pool of 2, 1 and 2 workers."""
    from distributed import LocalCluster

    def timed(**how) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            arena.tournament(game, levels, cycles, **how)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    out = {"this process": timed(workers=1), "local pool of 2": timed(workers=2)}
    for n in (1, 2):
        with LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            list(dispatch.unordered(len, [()] * 4, scheduler=cluster.scheduler_address))  # workers up
            out[f"Dask, {n} worker{'s' if n > 1 else ''}"] = timed(scheduler=cluster.scheduler_address)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a few matches, one run (the test suite's check)")
    ap.add_argument("--game", default="contract_grid")
    ap.add_argument("--levels", default="random,normal")
    ap.add_argument("--cycles", type=int, default=12)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    dispatch.import_distributed()
    import tempfile

    import dask

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as scratch:  # the workers' scratch space
        dask.config.set({"temporary-directory": scratch})
        return run(args)


def run(args: argparse.Namespace) -> int:
    levels = args.levels.split(",")
    cycles, runs, n = (1, 1, 10) if args.quick else (args.cycles, args.runs, 200)
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    sent = bytes_per_match(args.game, levels, max(2, n // 10))
    queued, alone = ms_per_job(args.game, levels, n)
    print(f"shipping one {args.game} match: {sent:,.0f} bytes on the wire (client, scheduler, worker)")
    print(f"  a do-nothing job: {queued:.2f} ms each when {n} are queued, {alone:.2f} ms alone")
    matches = len(arena.tasks(args.game, levels, cycles))
    seconds = tournament_seconds(args.game, levels, cycles, runs)
    local = seconds["local pool of 2"]
    print(f"\n{args.game} {args.levels}, {cycles} cycles ({matches} matches), median of {runs} runs:")
    print(f"{'where':<18} {'seconds':>8} {'ms/match':>9} {'vs pool of 2':>13} {'vs 1 process':>13}")
    for where, s in seconds.items():
        print(
            f"{where:<18} {s:>8.2f} {1000 * s / matches:>9.1f} {local / s:>12.2f}x "
            f"{seconds['this process'] / s:>12.2f}x"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
