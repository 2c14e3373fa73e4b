"""A search that runs while its caller reads it: what ``analysis()`` returns, for the
in-process engine (``xiangqi.engine.Engine``) and external ones (``xiangqi.uci.SimpleEngine``)
alike, shaped like python-chess's ``SimpleAnalysisResult``."""

from __future__ import annotations

import asyncio
import atexit
import collections
import dataclasses
import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable, Deque, Iterator, List, Optional

from xiangqi._xiangqi import Move, XiangqiError

if TYPE_CHECKING:
    from xiangqi._engine_model import InfoDict as Info

__all__ = ["AnalysisComplete", "AnalysisResult", "BestMove"]


class AnalysisComplete(XiangqiError):
    """``AnalysisResult.get()`` after the search ended and every info was read."""


@dataclasses.dataclass
class BestMove:
    """How an analysis ended: the best move (``None`` when there is no legal move, or when an
    external engine claims a draw) and the reply it expects."""

    move: Optional[Move]
    ponder: Optional[Move] = None


class AnalysisResult:
    """A running analysis. Iterate over it for each info dict as the search reports it (the
    iteration ends with the search); ``stop()`` ends the search, ``wait()`` waits for its end
    and gives the ``BestMove``. ``info`` is the latest of the best line merged over the infos
    so far, ``multipv`` the same for every line. In asyncio code, ``async for info in
    analysis`` and ``await analysis.wait_async()``. As a context manager, leaving the block
    stops the search and waits for it::

        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 12:
                    break
        analysis.info["score"]
    """

    def __init__(self, stop: Callable[[], None]) -> None:
        self._stop = stop
        self._cond = threading.Condition()
        self._pending: Deque[Info] = collections.deque()
        self._done = False
        self._stop_requested = False
        self._best: Optional[BestMove] = None
        self._error: Optional[BaseException] = None
        self.multipv: List[Info] = [{}]
        _RUNNING.add(self)

    # ----- fed by the search --------------------------------------------------------------

    @property
    def stop_requested(self) -> bool:
        """``True`` once ``stop()`` was called (a search that starts late checks it)."""
        return self._stop_requested

    def post(self, info: Info) -> None:
        """Adds an info dict the search reported."""
        with self._cond:
            line = max(1, int(info.get("multipv", 1)))
            while len(self.multipv) < line:
                self.multipv.append({})
            self.multipv[line - 1].update(info)
            self._pending.append(info)
            self._cond.notify_all()
        if self._stop_requested:
            self._stop()

    def finish(self, best: Optional[BestMove], error: Optional[BaseException] = None) -> None:
        """Marks the search ended, with its best move or the error it raised."""
        with self._cond:
            self._best = best
            self._error = error
            self._done = True
            self._cond.notify_all()
        _RUNNING.discard(self)

    # ----- read by the caller -------------------------------------------------------------

    @property
    def info(self) -> Info:
        """The best line's latest information, merged over every info so far."""
        return self.multipv[0]

    def stop(self) -> None:
        """Ends the search (it then reports its best move); does nothing once it ended."""
        with self._cond:
            self._stop_requested = True
            done = self._done
        if not done:
            self._stop()

    def wait(self) -> BestMove:
        """Waits for the search to end and gives its best move; raises what the search raised.
        An analysis without a limit ends only with ``stop()``."""
        with self._cond:
            while not self._done:
                self._cond.wait()
            if self._error is not None:
                raise self._error
            return self._best if self._best is not None else BestMove(None)

    def would_block(self) -> bool:
        """``True`` when ``get()`` or the next step of the iteration would wait for the search."""
        with self._cond:
            return not self._pending and not self._done

    def empty(self) -> bool:
        """``True`` when every info reported so far has been read."""
        with self._cond:
            return not self._pending

    def get(self) -> Info:
        """The next info dict, waiting for it; ``AnalysisComplete`` once the search ended and
        all were read (or the search's own error)."""
        with self._cond:
            while not self._pending and not self._done:
                self._cond.wait()
            if self._pending:
                return self._pending.popleft()
            if self._error is not None:
                raise self._error
            raise AnalysisComplete("the analysis is complete")

    def next(self) -> Optional[Info]:
        """The next info dict, or ``None`` once the analysis is complete."""
        try:
            return self.get()
        except AnalysisComplete:
            return None

    def __iter__(self) -> Iterator[Info]:
        return self

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> Info:
        """``async for info in analysis``: each wait runs in the loop's executor."""
        info = await asyncio.get_running_loop().run_in_executor(None, self.next)
        if info is None:
            raise StopAsyncIteration
        return info

    async def wait_async(self) -> BestMove:
        """``wait()`` for asyncio code."""
        return await asyncio.get_running_loop().run_in_executor(None, self.wait)

    def __next__(self) -> Info:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration from None

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()
        try:
            self.wait()
        except Exception:
            if exc[0] is None:
                raise

    def _stop_and_wait(self, timeout: float) -> None:
        self.stop()
        with self._cond:
            self._cond.wait_for(lambda: self._done, timeout)

    def __repr__(self) -> str:
        state = "done" if self._done else "running"
        return f"<AnalysisResult {state}, {len(self._pending)} infos unread, info={self.info!r}>"


# Analyses still running when the interpreter exits are stopped first: their searches must not
# call back into a Python that is shutting down.
_RUNNING: "weakref.WeakSet[AnalysisResult]" = weakref.WeakSet()


@atexit.register
def _stop_running() -> None:
    for analysis in list(_RUNNING):
        analysis._stop_and_wait(5.0)
