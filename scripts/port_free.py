"""Whether `make serve` or `make preview` can listen on a loopback port, checked before any set-up.

    python3 scripts/port_free.py 8000 "make serve"

Prints nothing and exits 0 when the port is free. Otherwise prints one line saying what to do, with a port that is
free to offer, and exits 1; the Makefile stops with that line (make puts "Makefile:N: ***" before it). Make runs it
with the system's python3, before the venv exists: standard library only.
"""

from __future__ import annotations

import errno
import socket
import sys

HOST = "127.0.0.1"
DEFAULT = 8000
# How many ports above the asked one are tried for one to offer.
SEARCH = 100


def listens(port: int) -> OSError | None:
    """Bind ``port`` as the servers do (address reuse on, so a closed connection's leftovers do not count)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError as error:
            return error
    return None


def free_port_from(start: int) -> int:
    """The first port from ``start`` up that is free, else one the system picks."""
    for port in range(max(start, 1024), min(start + SEARCH, 65536)):
        if listens(port) is None:
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def problem(asked: str, command: str) -> str | None:
    """What stops ``command`` from serving on port ``asked``, in one line that says what to do; None if nothing."""
    try:
        port = int(asked)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        return f"PORT={asked} is no port: choose a number from 1024 to 65535, as in `{command} PORT={DEFAULT}`"
    error = listens(port)
    if error is None:
        return None
    offer = free_port_from(port + 1)
    choose = f"choose another port: `{command} PORT={offer}`"
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} is in use (another `{command}`?): stop it, or {choose}"
    return f"Port {port} cannot be used ({error.strerror}): {choose}"


def main(arguments: list[str]) -> int:
    asked = arguments[0] if arguments else str(DEFAULT)
    command = arguments[1] if len(arguments) > 1 else "make serve"
    found = problem(asked, command)
    if found is None:
        return 0
    print(found)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
