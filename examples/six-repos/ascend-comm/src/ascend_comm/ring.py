"""A CPU backend with no dependencies: ring allreduce over TCP.

Rendezvous: rank 0 listens on the master port; every rank opens its own listening socket on
an ephemeral port and registers it with rank 0, which answers with all ranks' addresses.
Then each rank connects to its successor and accepts its predecessor. Allreduce is the
bandwidth-optimal ring: a reduce-scatter of world_size - 1 steps, then an all-gather of
world_size - 1 steps, each step sending one chunk to the successor while receiving one from
the predecessor (on a thread, so neither side can block the other).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from typing import List, Optional, Tuple

from ascend_comm.backend import CommError

_HEADER = struct.Struct("!I")


def _send_frame(sock: socket.socket, payload: bytes) -> None:
    sock.sendall(_HEADER.pack(len(payload)) + payload)


def _recv_exact(sock: socket.socket, size: int) -> bytes:
    chunks = []
    remaining = size
    while remaining:
        chunk = sock.recv(min(remaining, 1 << 16))
        if not chunk:
            raise CommError("peer closed the connection")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def _recv_frame(sock: socket.socket) -> bytes:
    (size,) = _HEADER.unpack(_recv_exact(sock, _HEADER.size))
    return _recv_exact(sock, size)


def _pack(values: List[float]) -> bytes:
    return struct.pack(f"!{len(values)}d", *values)


def _unpack(data: bytes) -> List[float]:
    return list(struct.unpack(f"!{len(data) // 8}d", data))


def _connect(address: Tuple[str, int], deadline: float) -> socket.socket:
    while True:
        try:
            return socket.create_connection(address, timeout=max(0.1, deadline - time.monotonic()))
        except OSError as error:
            if time.monotonic() >= deadline:
                raise CommError(f"cannot reach {address[0]}:{address[1]}: {error}") from None
            time.sleep(0.05)


class RingBackend:
    """Ring collectives between ``world_size`` processes."""

    def __init__(
        self, rank: int, world_size: int, master_addr: str, master_port: int, timeout: float = 30.0
    ) -> None:
        self.rank = rank
        self.world_size = world_size
        self._timeout = timeout
        self._next: Optional[socket.socket] = None
        self._prev: Optional[socket.socket] = None
        if world_size == 1:
            return
        deadline = time.monotonic() + timeout
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind((master_addr, 0))
        listener.listen(1)
        listener.settimeout(timeout)
        peers = self._rendezvous(master_addr, master_port, listener.getsockname(), deadline)
        successor = peers[(rank + 1) % world_size]
        accepted: List[socket.socket] = []
        acceptor = threading.Thread(target=lambda: accepted.append(listener.accept()[0]))
        acceptor.start()
        self._next = _connect((successor[0], successor[1]), deadline)
        acceptor.join(timeout)
        listener.close()
        if not accepted:
            raise CommError(f"rank {rank}: predecessor did not connect within {timeout} s")
        self._prev = accepted[0]
        for sock in (self._next, self._prev):
            sock.settimeout(timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _rendezvous(
        self, host: str, port: int, mine: Tuple[str, int], deadline: float
    ) -> List[Tuple[str, int]]:
        """Every rank's ring address, ordered by rank, exchanged through rank 0."""
        if self.rank == 0:
            server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind((host, port))
            server.listen(self.world_size)
            server.settimeout(max(0.1, deadline - time.monotonic()))
            addresses = {0: list(mine)}
            clients = []
            try:
                while len(addresses) < self.world_size:
                    client, _ = server.accept()
                    client.settimeout(self._timeout)
                    hello = json.loads(_recv_frame(client))
                    addresses[int(hello["rank"])] = hello["address"]
                    clients.append(client)
            except socket.timeout:
                raise CommError(
                    f"only {len(addresses)} of {self.world_size} ranks joined within the timeout"
                ) from None
            finally:
                server.close()
            table = [addresses[r] for r in range(self.world_size)]
            for client in clients:
                _send_frame(client, json.dumps(table).encode())
                client.close()
            return [(a[0], int(a[1])) for a in table]
        master = _connect((host, port), deadline)
        try:
            _send_frame(master, json.dumps({"rank": self.rank, "address": list(mine)}).encode())
            table = json.loads(_recv_frame(master))
        finally:
            master.close()
        return [(a[0], int(a[1])) for a in table]

    def _exchange(self, outgoing: bytes) -> bytes:
        """Send to the successor while receiving from the predecessor."""
        assert self._next is not None and self._prev is not None
        errors: List[BaseException] = []

        def send() -> None:
            try:
                _send_frame(self._next, outgoing)  # type: ignore[arg-type]
            except BaseException as error:  # re-raised in the caller's thread
                errors.append(error)

        sender = threading.Thread(target=send)
        sender.start()
        try:
            incoming = _recv_frame(self._prev)
        except socket.timeout:
            raise CommError(f"rank {self.rank}: no data from predecessor in time") from None
        sender.join()
        if errors:
            raise CommError(f"rank {self.rank}: send failed: {errors[0]}")
        return incoming

    def allreduce(self, values: List[float]) -> List[float]:
        n = self.world_size
        if n == 1:
            return list(values)
        bounds = [len(values) * i // n for i in range(n + 1)]
        chunks = [list(values[bounds[i] : bounds[i + 1]]) for i in range(n)]
        for step in range(n - 1):
            send_index = (self.rank - step) % n
            recv_index = (self.rank - step - 1) % n
            received = _unpack(self._exchange(_pack(chunks[send_index])))
            chunks[recv_index] = [a + b for a, b in zip(chunks[recv_index], received)]
        for step in range(n - 1):
            send_index = (self.rank + 1 - step) % n
            recv_index = (self.rank - step) % n
            chunks[recv_index] = _unpack(self._exchange(_pack(chunks[send_index])))
        return [value for chunk in chunks for value in chunk]

    def broadcast(self, values: List[float], root: int = 0) -> List[float]:
        n = self.world_size
        if n == 1:
            return list(values)
        current = list(values) if self.rank == root else []
        for step in range(n - 1):
            holder = (root + step) % n
            outgoing = _pack(current) if self.rank == holder else b""
            incoming = self._exchange(outgoing)
            if self.rank == (holder + 1) % n:
                current = _unpack(incoming)
        return current

    def barrier(self) -> None:
        self.allreduce([0.0])

    def close(self) -> None:
        for sock in (self._next, self._prev):
            if sock is not None:
                sock.close()
        self._next = self._prev = None
