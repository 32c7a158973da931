"""`make serve` and `make preview` when their port is taken: they stop at once, before any set-up, with one line that
says what to do, and `PORT=` chooses another port. No real server is started here."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from testbench.paths import REPO_ROOT

# A taken port ends the command well before any set-up could have run.
QUICK = 5.0
# Time enough for a command that wrongly goes on into set-up to show it, then it is stopped.
WAIT = 20.0
CHECK = REPO_ROOT / "scripts" / "port_free.py"


def newcomer_env() -> dict[str, str]:
    """The environment of a shell a person types `make serve` into: not a sub-make of `make test`, no PORT set."""
    dropped = {"MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES", "PORT"}
    return {name: value for name, value in os.environ.items() if name not in dropped}


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A loopback port something else listens on, as another `make serve` would."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield listener.getsockname()[1]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_make(*arguments: str, timeout: float = WAIT) -> tuple[int | None, str, float]:
    """Run make in the repository as a person does; stop it (and all it started) if it runs past ``timeout``."""
    started = time.monotonic()
    process = subprocess.Popen(
        ["make", *arguments],
        cwd=REPO_ROOT,
        env=newcomer_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        output, _ = process.communicate()
        code = None
    return code, output, time.monotonic() - started


@pytest.mark.parametrize("command", ["serve", "preview"])
def test_a_port_in_use_stops_make_at_once_with_one_line_saying_what_to_do(taken_port: int, command: str) -> None:
    code, output, took = run_make(command, f"PORT={taken_port}")
    lines = [line for line in output.splitlines() if line.strip()]
    assert code is not None, f"make {command} was still running after {WAIT:.0f} s:\n{output[-2000:]}"
    assert code != 0, output
    assert "Traceback" not in output, output[-2000:]
    assert took < QUICK, f"make {command} took {took:.1f} s to stop: set-up ran first?\n{output[-2000:]}"
    assert len(lines) == 1, f"{len(lines)} lines:\n{output[-2000:]}"
    line = lines[0]
    assert str(taken_port) in line, line
    offered = re.search(rf"make {command} PORT=(\d+)", line)
    assert offered, f"no `make {command} PORT=...` offered: {line}"
    assert int(offered[1]) != taken_port, line


def test_a_free_port_passes_the_check() -> None:
    port = free_port()
    result = subprocess.run(
        [sys.executable, str(CHECK), str(port), "make serve"], capture_output=True, text=True, timeout=10, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_the_check_offers_a_port_that_is_free(taken_port: int) -> None:
    result = subprocess.run(
        [sys.executable, str(CHECK), str(taken_port), "make serve"],
        capture_output=True,
        text=True,
        timeout=10,
        check=False,
    )
    assert result.returncode != 0
    offered = int(re.findall(r"PORT=(\d+)", result.stdout + result.stderr)[-1])
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", offered))


@pytest.mark.parametrize("value", ["eighty", "0", "70000"])
def test_a_port_that_is_no_port_is_one_line_too(value: str) -> None:
    code, output, _ = run_make("serve", f"PORT={value}", timeout=QUICK * 2)
    lines = [line for line in output.splitlines() if line.strip()]
    assert code not in (None, 0), output
    assert "Traceback" not in output, output[-2000:]
    assert len(lines) == 1, output[-2000:]
    assert f"PORT={value} " in lines[0], lines[0]


@pytest.mark.parametrize(("command", "listens"), [("serve", "127.0.0.1:{port}"), ("preview", "--port {port}")])
def test_port_chooses_where_serve_and_preview_listen(command: str, listens: str) -> None:
    """`make -n` prints the commands without running them: the server is told the port PORT names."""
    port = free_port()
    code, output, _ = run_make("-n", command, f"PORT={port}")
    assert code == 0, output[-2000:]
    assert listens.format(port=port) in output, output[-2000:]
