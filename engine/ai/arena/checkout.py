"""A bot from another checkout of the project, run in a subprocess: to measure a bot against
an earlier version of itself.

The earlier version is a plain checkout of the project at another commit, for example::

    git worktree add ../tarot-04d25be 04d25be
    python -m engine.ai.arena expert \\
        "engine.ai.arena.checkout:bot,path=../tarot-04d25be,name=expert" --field expert

The arena's bot is a stand-in that forwards every view to a server process running the same
Python with the other checkout's ``engine`` first on its path; the server builds the bot by its
registry name there (``name``, with the other options passed to its factory), answers each
view with the action's text form, and the stand-in reads it back. Views travel as JSON with
the rules in their ``rules.yaml`` form, so both sides only rely on what every version shares:
the :class:`~engine.views.SeatView` fields, ``rules_to_dict``/``rules_from_dict`` and the text
form of actions. One server per checkout serves every bot of an arena process.
"""

from __future__ import annotations

import atexit
import dataclasses
import itertools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

from engine.actions import Action, parse_action
from engine.ai.base import Stop
from engine.rules import Rules, rules_to_dict
from engine.state import Phase
from engine.views import SeatView, TrickView

#: The server, run with ``python -c`` in the other checkout. It must work with any version of
#: the project, so it uses nothing but the interfaces every version has.
SERVER = r"""
import dataclasses, json, sys
root = sys.argv[1]
sys.path.insert(0, root)
import engine
if not engine.__file__.startswith(root):
    raise SystemExit(f"engine imported from {engine.__file__}, not from {root}")
from engine.ai.registry import BOTS
from engine.rules import rules_from_dict
from engine.state import Phase
from engine.views import SeatView, TrickView

out = sys.stdout
sys.stdout = sys.stderr  # nothing but answers on the channel
names = {f.name for f in dataclasses.fields(SeatView)}

def decode(value):
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    if isinstance(value, dict):
        if "__rules__" in value:
            return rules_from_dict(value["__rules__"], variant=value["variant"])
        if "__phase__" in value:
            return Phase(value["__phase__"])
        if "__trick__" in value:
            leader, cards, winner = value["__trick__"]
            return TrickView(leader, tuple(cards), winner)
        if "__map__" in value:
            return {k: decode(v) for k, v in value["__map__"]}
    return value

bots = {}
for line in sys.stdin:
    request = json.loads(line)
    try:
        if request["op"] == "new":
            factory = BOTS[request["name"]]
            bots[request["id"]] = factory(request["seed"], **request["options"])
            answer = {"ok": True}
        elif request["op"] == "drop":
            bots.pop(request["id"], None)
            answer = {"ok": True}
        else:
            fields = {k: decode(v) for k, v in request["view"].items() if k in names}
            answer = {"action": str(bots[request["id"]].decide(SeatView(**fields)))}
    except Exception as exc:
        answer = {"error": f"{type(exc).__name__}: {exc}"}
    out.write(json.dumps(answer) + "\n")
    out.flush()
"""


class CheckoutError(RuntimeError):
    """The other checkout's server failed or answered with an error."""


def encode(value: Any) -> Any:
    """A view field as JSON data the server's ``decode`` reads back."""
    if isinstance(value, Rules):
        return {"__rules__": rules_to_dict(value), "variant": value.variant}
    if isinstance(value, Phase):
        return {"__phase__": value.value}
    if isinstance(value, TrickView):
        return {"__trick__": [value.leader, list(value.cards), value.winner]}
    if isinstance(value, dict):
        return {"__map__": [[k, encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    return value


def encode_view(view: SeatView) -> dict[str, Any]:
    return {f.name: encode(getattr(view, f.name)) for f in dataclasses.fields(view)}


class Server:
    """One server process for a checkout, shared by every bot of this process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(root)], cwd=root, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lock = threading.Lock()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            stdin: IO[str] | None = self.process.stdin
            stdout: IO[str] | None = self.process.stdout
            assert stdin is not None and stdout is not None
            try:
                stdin.write(json.dumps(request) + "\n")
                stdin.flush()
                line = stdout.readline()
            except (BrokenPipeError, OSError) as exc:
                raise CheckoutError(f"the server for {self.root} is gone: {exc}") from exc
            if not line:
                raise CheckoutError(f"the server for {self.root} stopped "
                                    f"(exit status {self.process.poll()})")
            answer: dict[str, Any] = json.loads(line)
            if "error" in answer:
                raise CheckoutError(f"{self.root}: {answer['error']}")
            return answer

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


_servers: dict[tuple[int, Path], Server] = {}
_ids = itertools.count()


def server_for(root: Path) -> Server:
    """This process's server for the checkout at ``root`` (started on first use; a worker
    process forked from another starts its own)."""
    key = (os.getpid(), root)
    server = _servers.get(key)
    if server is None or server.process.poll() is not None:
        server = _servers[key] = Server(root)
    return server


@atexit.register
def _close_all() -> None:
    for (pid, _), server in list(_servers.items()):
        if pid == os.getpid():
            server.close()


class CheckoutBot:
    """A stand-in for a bot of another checkout: every view is decided there."""

    def __init__(self, root: Path, name: str, seed: int, options: dict[str, Any]) -> None:
        self.server = server_for(root)
        self.id = next(_ids)
        self.name = f"{name}@{root.name}"
        self.server.ask({"op": "new", "id": self.id, "name": name, "seed": seed,
                         "options": options})

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        # the older version answers in its own process, at its own pace: ``stop`` is not sent
        answer = self.server.ask({"op": "decide", "id": self.id, "view": encode_view(view)})
        return parse_action(answer["action"])

    def close(self) -> None:
        if self.server.process.poll() is None:
            self.server.ask({"op": "drop", "id": self.id})


def bot(seed: int, path: str, name: str = "expert", **options: Any) -> CheckoutBot:
    """The arena's factory: the bot registered as ``name`` in the checkout at ``path``, built
    with ``seed`` and ``options`` (``budget`` among them when the run has one)."""
    root = Path(path).expanduser().resolve()
    if not (root / "engine" / "__init__.py").is_file():
        raise CheckoutError(f"{root} is not a checkout of the project (no engine package)")
    return CheckoutBot(root, name, seed, options)
