"""RandomBot: uniformly random legal choices, reproducible from a seed.

It is the floor every other bot must beat, and a tireless source of odd but legal play for
tests. Now and then it shows a handful or announces a misère when allowed, and it very rarely
announces a slam.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine import choices as O
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.ai.base import PhaseBot
from engine.randomplay import discard_among
from engine.views import SeatView


class RandomBot(PhaseBot):
    name = "random"

    def __init__(self, seed: int = 0, handful_rate: float = 0.3, misere_rate: float = 0.5,
                 slam_rate: float = 0.02) -> None:
        self.rng = random.Random(seed)
        self.handful_rate = handful_rate
        self.misere_rate = misere_rate
        self.slam_rate = slam_rate

    def bid(self, view: SeatView) -> Bid:
        return self.rng.choice(O.legal_bids(view))

    def call(self, view: SeatView) -> Call:
        return Call(self.rng.choice(O.callable_cards(view)))

    def discard(self, view: SeatView) -> Discard:
        return discard_among(O.discard_options(view), self.rng)

    def slam(self, view: SeatView) -> DecideSlam:
        return DecideSlam(self.rng.random() < self.slam_rate)

    def declare(self, view: SeatView) -> ShowHandful | AnnounceMisere | None:
        handfuls = O.handful_options(view)
        if handfuls and self.rng.random() < self.handful_rate:
            option = self.rng.choice(handfuls)
            if option.needs_excuse:
                return ShowHandful(O.handful_cards(option))
            cards = self.rng.sample(C.cards_of(option.trumps), option.size)
            return ShowHandful(tuple(sorted(cards)))
        miseres = O.misere_options(view)
        if miseres and self.rng.random() < self.misere_rate:
            return AnnounceMisere(self.rng.choice(miseres))
        return None

    def play(self, view: SeatView) -> Play:
        return Play(self.rng.choice(view.legal_plays))
