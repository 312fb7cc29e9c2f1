"""What the game's window does after every frame when it runs by itself: the demo and
``--autoplay`` (the next deal after a pause on the scores, ``--deals`` counted), the
screenshots of ``--screenshots``, and ``--first-frame`` (quit once the first frame is up)."""

from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: Seconds the demo rests on the scores before the next deal (at the normal speed).
DEMO_PAUSE = 3.0


class Driver:
    """Runs after every frame: counts finished deals (``--deals``), deals the next hand in
    the demo after a pause on the scores, takes the screenshots, and quits after the first
    frame with ``--first-frame``."""

    def __init__(self, app: Any, demo: bool, deals: int | None, shots: Path | None,
                 first_frame: bool = False) -> None:
        self.app = app
        self.first_frame = first_frame
        self.demo = demo
        self.deals = deals
        self.shots = shots
        self.controller: Any = None
        self.baseline = 0
        self.finished = 0
        self.over_since: float | None = None
        self.last_shot: tuple[object, ...] | None = None
        self.shot_number = 0
        self.shots_failed = 0
        self._shot_problem: str | None = None  # said once per reason

    def __call__(self, app: Any) -> None:
        from game.match.session import active_controller

        if self.first_frame:
            app.quit()  # the start-up is over: the first frame is on screen
            return
        controller = active_controller(app)
        if controller is not self.controller:
            self.controller = controller
            self.baseline = 0 if controller is None else controller.match.played_to_the_end
        if self.shots is not None:
            self.screenshot(app, controller)
        if controller is None or not any(controller is getattr(s, "source", None)
                                         for s in app.scenes):
            return
        match = controller.match
        self.finished = match.played_to_the_end - self.baseline
        deal_over = match.current.is_over
        if not deal_over:
            self.over_since = None
            if self.deals is not None and self.finished >= self.deals:
                app.quit()  # the player moved on after the last deal asked for
            return
        if self.over_since is None:
            if not getattr(app.scene, "idle", True) or controller.is_thinking():
                return  # let the table finish showing the last trick
            self.over_since = time.monotonic()
        pause = DEMO_PAUSE * app.settings.animation_factor
        if time.monotonic() - self.over_since < pause:
            return
        if self.deals is not None and self.finished >= self.deals and self.demo:
            app.quit()
        elif self.demo:
            with contextlib.suppress(ValueError):  # the table may have dealt already
                controller.next_deal()
            self.over_since = None

    def screenshot(self, app: Any, controller: Any) -> None:
        scene = app.scene
        key: tuple[object, ...] = (type(scene).__name__,)
        name = type(scene).__name__.removesuffix("Scene").lower()
        source = getattr(scene, "source", None)
        if controller is not None and source is controller:
            match: Any = source.match
            phase = match.current.state.phase
            key = (id(controller), match.count, phase)
            name = f"deal{match.count}-{phase.value}"
        if key == self.last_shot or not getattr(scene, "idle", True):
            return  # the table shows a new phase once its animations have caught up
        self.last_shot = key
        self.shot_number += 1
        assert self.shots is not None
        try:
            app.screenshot(self.shots / f"{self.shot_number:04d}-{name}.png")
        except OSError as exc:  # a full disk, a folder made read-only: said, and the exit
            self.shots_failed += 1  # status says it too; the run goes on
            problem = exc.strerror or str(exc)
            if problem != self._shot_problem:
                log.warning("could not save a screenshot in %s: %s", self.shots, problem)
            self._shot_problem = problem

    @property
    def status(self) -> int:
        """The exit status of the run: 1 when a screenshot asked for could not be saved."""
        return 1 if self.shots_failed else 0

    def shutdown(self) -> None:
        from game.match.session import active_controller

        for controller in {id(c): c for c in (self.controller,
                                               active_controller(self.app)) if c}.values():
            with contextlib.suppress(Exception):
                controller.shutdown()
