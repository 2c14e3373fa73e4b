"""Ray, the optional cluster back end of matches, self-play and analysis.

Nothing here imports Ray until a command asks for it, so the package works without it
(``pip install 'xiangqi[ray]'`` adds it). ``connect`` joins a cluster (or starts one on this
machine) and turns the ways that can fail into a ``RayUnavailableError`` that says what to do.

Addresses, as ``--ray`` takes them:

- no address: the cluster ``RAY_ADDRESS`` names or the one ``ray start`` left running on this
  machine, or else a new one on this machine with all its CPUs;
- ``auto``: a cluster already running (``ray start --head`` on this machine), never a new one;
- ``local``: a new cluster on this machine;
- ``HOST:PORT`` (the head's GCS port, 6379 by default) or ``ray://HOST:10001`` (Ray Client).
"""

from __future__ import annotations

import os
import socket
from typing import Any, Optional, Tuple

from xiangqi.exceptions import XiangqiError

__all__ = ["RayUnavailableError", "require", "connect", "cluster_cpus", "split_address"]

#: Seconds to wait for a head node's port before calling it unreachable.
CONNECT_TIMEOUT = 5.0
#: The object store of a cluster started here: game records are small.
LOCAL_OBJECT_STORE_BYTES = 128 * 1024 * 1024


class RayUnavailableError(XiangqiError):
    """Ray is not installed, or the cluster cannot be reached or started."""


def require() -> Any:
    """The ``ray`` module, or a ``RayUnavailableError`` saying how to install it."""
    try:
        import ray
    except ImportError as e:
        raise RayUnavailableError(
            f"Ray is not installed ({e}); install it with: pip install 'xiangqi[ray]'"
        ) from None
    return ray


def split_address(address: str) -> Optional[Tuple[str, int]]:
    """The host and port of a ``HOST:PORT`` or ``ray://HOST:PORT`` address (``None`` for the
    words ``auto`` and ``local``)."""
    if address in ("auto", "local"):
        return None
    text = address[len("ray://") :] if address.startswith("ray://") else address
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RayUnavailableError(f"a Ray address is HOST:PORT, ray://HOST:PORT, auto or local, not {address!r}")
    return host.strip("[]"), int(port)


def _reachable(host: str, port: int) -> None:
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        raise RayUnavailableError(
            f"no Ray cluster at {host}:{port} ({e}); start one with `ray start --head` there"
            " and pass the address it prints"
        ) from None


def connect(address: Optional[str] = None, *, num_cpus: Optional[int] = None) -> Any:
    """Joins the cluster at ``address`` (see the module's notes) unless this process already
    has; returns the ``ray`` module. ``num_cpus`` sizes a cluster started here."""
    ray = require()
    if ray.is_initialized():
        return ray
    local = dict(
        num_cpus=num_cpus,
        # Ray lowers its workers' priority by 15 (nice) below the command that started it; a
        # cluster started here for one command plays at that command's priority, as local
        # processes do.
        _system_config={"worker_niceness": 0},
        include_dashboard=False,
        object_store_memory=LOCAL_OBJECT_STORE_BYTES,
        log_to_driver=False,
        configure_logging=False,
    )
    try:
        if address == "local":
            ray.init(address="local", **local)
        elif address is None and os.environ.get("RAY_ADDRESS"):
            return connect(os.environ["RAY_ADDRESS"], num_cpus=num_cpus)
        elif address is None:
            try:
                ray.init(address="auto", log_to_driver=False, configure_logging=False)
            except ConnectionError:
                ray.init(address="local", **local)
        elif address == "auto":
            ray.init(address="auto", log_to_driver=False, configure_logging=False)
        else:
            target = split_address(address)
            assert target is not None
            _reachable(*target)
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except RayUnavailableError:
        raise
    except (ConnectionError, RuntimeError, ValueError, OSError, TimeoutError) as e:
        where = "on this machine" if address in (None, "local", "auto") else f"at {address}"
        raise RayUnavailableError(f"cannot reach a Ray cluster {where}: {e}") from None
    return ray


def cluster_cpus(ray: Any) -> int:
    """The CPUs of the whole cluster (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
