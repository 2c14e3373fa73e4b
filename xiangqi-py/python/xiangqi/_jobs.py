"""Independent jobs in parallel: in local processes, or as Ray tasks on a cluster.

Self-play and database analysis cut their work into jobs (a shard of games, a game to
annotate) that a worker does on its own and whose result comes back to this process, which
writes it. ``run_jobs`` keeps a bounded number in flight, hands each result over as it arrives,
and on Ray lets a job whose worker died run again (``max_retries``): a job must therefore give
the same result every time it runs.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
from typing import Any, Callable, Dict, Iterable, Iterator, Optional, Tuple

from xiangqi.exceptions import XiangqiError

__all__ = ["JobError", "run_jobs", "local_cpus"]

#: Jobs in flight per worker: enough to keep every worker busy while results are written.
IN_FLIGHT_PER_WORKER = 2
#: How often (seconds) the loop looks up from waiting (Ctrl-C must get through).
POLL_SECONDS = 0.2


class JobError(XiangqiError):
    """A job failed (the message names it and says why)."""


def local_cpus() -> int:
    """The CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def run_jobs(
    function: Callable[..., Any],
    jobs: Iterable[Tuple[Any, Tuple[Any, ...]]],
    on_result: Callable[[Any, Any], None],
    *,
    ray_address: Optional[str] = None,
    use_ray: bool = False,
    workers: Optional[int] = None,
    max_retries: int = 3,
) -> int:
    """Runs ``function(*args)`` for each ``(key, args)`` of ``jobs`` and calls
    ``on_result(key, result)`` in this process as each finishes (in any order). With
    ``use_ray`` the jobs are Ray tasks on the cluster at ``ray_address`` (see
    :mod:`xiangqi._ray`); else they run in ``workers`` local processes (default: the CPUs).
    ``function`` must be importable by name (a module-level function). Returns the number of
    workers used."""
    if use_ray:
        return _run_on_ray(function, jobs, on_result, ray_address, workers, max_retries)
    return _run_locally(function, jobs, on_result, workers)


def add_arguments(parser: argparse.ArgumentParser, verb: str) -> None:
    """The command-line options of ``run_jobs``: ``--workers`` and ``--ray`` ("``verb`` on a Ray
    cluster")."""
    parser.add_argument("--workers", type=int, help="processes, or Ray tasks in flight (default: the CPUs)")
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS", help=f"{verb} on a Ray cluster: HOST:PORT, auto, local; alone: the default cluster")


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _top_up(
    pending: Dict[Any, Any],
    source: Iterator[Tuple[Any, Tuple[Any, ...]]],
    limit: int,
    submit: Callable[..., Any],
) -> bool:
    """Submits jobs of ``source`` (``pending[submit(*args)] = key``) until ``limit`` are in
    flight; False once ``source`` has run out."""
    while len(pending) < limit:
        try:
            key, args = next(source)
        except StopIteration:
            return False
        pending[submit(*args)] = key
    return True


def _run_locally(
    function: Callable[..., Any],
    jobs: Iterable[Tuple[Any, Tuple[Any, ...]]],
    on_result: Callable[[Any, Any], None],
    workers: Optional[int],
) -> int:
    count = workers or local_cpus()
    # Spawned, not forked: the engine's threads and the caller's locks stay out of the children.
    context = multiprocessing.get_context("spawn")
    pending: Dict["concurrent.futures.Future[Any]", Any] = {}
    source = iter(jobs)
    exhausted = False
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=count, mp_context=context)
    try:
        while True:
            if not exhausted:
                exhausted = not _top_up(pending, source, count * IN_FLIGHT_PER_WORKER, lambda *args: pool.submit(function, *args))
            if not pending:
                break
            done, _ = concurrent.futures.wait(pending, timeout=POLL_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                key = pending.pop(future)
                try:
                    result = future.result()
                except Exception as e:
                    raise JobError(f"{key} failed: {_describe(e)}") from e
                on_result(key, result)
    except BaseException:
        # Whatever has not started is dropped; the caller's output holds what finished.
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return count


def _run_on_ray(
    function: Callable[..., Any],
    jobs: Iterable[Tuple[Any, Tuple[Any, ...]]],
    on_result: Callable[[Any, Any], None],
    address: Optional[str],
    workers: Optional[int],
    max_retries: int,
) -> int:
    from xiangqi import _ray

    ray = _ray.connect(address)
    count = workers or _ray.cluster_cpus(ray)
    remote = ray.remote(function).options(num_cpus=1, max_retries=max_retries, retry_exceptions=False)
    pending: Dict[Any, Any] = {}
    source = iter(jobs)
    exhausted = False
    try:
        while True:
            if not exhausted:
                exhausted = not _top_up(pending, source, count * IN_FLIGHT_PER_WORKER, remote.remote)
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                key = pending.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = getattr(e, "cause", None) or e
                    raise JobError(f"{key} failed on the cluster: {_describe(cause)}") from None
                except ray.exceptions.RayError as e:
                    raise JobError(f"{key} failed on the cluster: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}") from None
                on_result(key, result)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
    return count
