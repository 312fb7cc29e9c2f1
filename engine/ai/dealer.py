"""Random deals of unseen cards: each card to one of the holders that may hold it, every holder
receiving exactly its number of cards.

:mod:`engine.ai.sampling` works out who may hold each card a seat has not seen; a
:class:`Dealer` deals those cards at random within these constraints. A quick attempt deals
the most constrained cards first, each to a holder chosen in proportion to its room left;
when quick attempts dead-end, an exact assignment checks every choice against Hall's
condition. A few random swaps of cards between holders that may take them (a
Metropolis-Hastings walk whose target is the uniform distribution) then even out the bias of
the quick dealing.

The quick deal and the walk have a compiled twin (``engine/_sampling.c``) that makes the same
draws from the same :class:`random.Random` and deals the same cards; the Python code stays the
reference and the fallback where no compiler was present.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine import speedups
from engine.cards import Card, Mask

MIX_STEPS_PER_CARD = 4
MAX_MIX_STEPS = 200
#: The compiled quick deal and walk of :meth:`Dealer.quick` and :meth:`Dealer.mix`
#: (``engine/_sampling.c``), where built.
_QUICK = speedups.compiled("quick_deal")
_MIX = speedups.compiled("mix_deal")


class NoConsistentDeal(ValueError):
    """The constraints admit no deal (only possible when the view itself is inconsistent)."""


class Dealer:
    """Random assignments of ``pool`` to holders of fixed sizes within allowed masks."""

    def __init__(self, sizes: tuple[int, ...], allowed: tuple[Mask, ...], pool: Mask) -> None:
        self.sizes = tuple(sizes)
        self.count = len(sizes)
        groups: dict[int, list[Card]] = {}
        for card in C.iter_cards(pool):
            sig = 0
            for h, mask in enumerate(allowed):
                if mask >> card & 1:
                    sig |= 1 << h
            groups.setdefault(sig, []).append(card)
        # the most constrained cards first
        self.groups = sorted(groups.items(), key=lambda item: (item[0].bit_count(), item[0]))
        self.possible = 0 not in groups and self._hall(
            {sig: len(cards) for sig, cards in groups.items()}, list(sizes))
        self.full = (1 << self.count) - 1
        self.cards: list[Card] = []
        self.holders_of: dict[Card, list[int]] = {}
        #: by group: the holders that may hold its cards
        self.members: list[list[int]] = []
        # the groups as the compiled quick deal reads them: per group, whether every holder
        # may hold its cards, its holders and its cards, a byte each
        plan = bytearray()
        constrained = 0
        for sig, cards in self.groups:
            members = [h for h in range(self.count) if sig >> h & 1]
            self.members.append(members)
            plan += bytes([sig == self.full, len(members), *members, len(cards), *cards])
            for card in cards:
                self.cards.append(card)
                self.holders_of[card] = members
            if sig != self.full:
                constrained += len(cards)
        self.plan = bytes(plan)
        self.holder_lists = [self.holders_of[card] for card in self.cards]
        #: swaps after each quick deal: none when no card is constrained
        self.mix_steps = min(MAX_MIX_STEPS, MIX_STEPS_PER_CARD * constrained)

    def _hall(self, counts: dict[int, int], room: list[int]) -> bool:
        """Whether the cards counted by signature fit the room left (Hall's condition)."""
        for subset in range(1, 1 << self.count):
            need = 0
            for sig, k in counts.items():
                if k and not sig & ~subset:
                    need += k
            if need:
                cap = 0
                for h in range(self.count):
                    if subset >> h & 1:
                        cap += room[h]
                if need > cap:
                    return False
        return True

    def quick(self, rng: random.Random, compiled: bool = True) -> list[Mask] | None:
        """One attempt: each card to a holder with room, chosen in proportion to the room
        (``None`` at a dead end). The compiled deal, where built, makes the same draws and
        deals the same cards."""
        if compiled and _QUICK is not None:
            return _QUICK(self.plan, self.sizes, rng.getrandbits, rng.random)  # type: ignore[no-any-return]
        room = list(self.sizes)
        out = [0] * self.count
        rand = rng.random
        for (sig, cards), members in zip(self.groups, self.members, strict=True):
            if sig == self.full and sum(room) == len(cards):
                shuffled = cards[:]
                rng.shuffle(shuffled)
                pos = 0
                for h in range(self.count):
                    for card in shuffled[pos:pos + room[h]]:
                        out[h] |= 1 << card
                    pos += room[h]
                    room[h] = 0
                continue
            order = cards[:]
            rng.shuffle(order)
            for card in order:
                total = 0
                for h in members:
                    total += room[h]
                if not total:
                    return None
                pick = rand() * total
                chosen = members[-1]
                for h in members:
                    if room[h]:
                        if pick < room[h]:
                            chosen = h
                            break
                        pick -= room[h]
                if not room[chosen]:
                    chosen = next(h for h in reversed(members) if room[h])
                out[chosen] |= 1 << card
                room[chosen] -= 1
        return out

    def exact(self, rng: random.Random) -> list[Mask]:
        """An assignment that never dead-ends: each choice is checked with Hall's condition."""
        room = list(self.sizes)
        out = [0] * self.count
        counts = {sig: len(cards) for sig, cards in self.groups}
        for sig, cards in self.groups:
            order = cards[:]
            rng.shuffle(order)
            for card in order:
                counts[sig] -= 1
                members = [h for h in range(self.count) if sig >> h & 1 and room[h]]
                rng.shuffle(members)
                members.sort(key=lambda h: -room[h] * rng.random())
                for h in members:
                    room[h] -= 1
                    if self._hall(counts, room):
                        out[h] |= 1 << card
                        break
                    room[h] += 1
                else:  # pragma: no cover - excluded by the feasibility check up front
                    raise NoConsistentDeal("dead end")
        return out

    def mix(self, parts: list[Mask], rng: random.Random, steps: int,
            compiled: bool = True) -> list[Mask]:
        """Random swaps of two cards between holders that may hold them (Metropolis-Hastings
        with the uniform distribution as target), to even out the bias of :meth:`quick`. The
        compiled walk, where built, makes the same draws and the same swaps."""
        if compiled and _MIX is not None:
            return _MIX(parts, self.cards, self.holder_lists, rng.random, steps)  # type: ignore[no-any-return]
        lists = [C.cards_of(mask) for mask in parts]
        where: dict[Card, int] = {}
        for h, cards in enumerate(lists):
            for card in cards:
                where[card] = h
        cards = self.cards
        holders_of = self.holders_of
        rand = rng.random
        for _ in range(steps):
            x = cards[int(rand() * len(cards))]
            a = where[x]
            options = holders_of[x]
            if len(options) < 2:
                continue
            b = options[int(rand() * len(options))]
            if b == a or not lists[b]:
                continue
            j = int(rand() * len(lists[b]))
            y = lists[b][j]
            back = holders_of[y]
            if a not in back:
                continue
            # the swap is proposed from either card; accept with the ratio of the chances of
            # proposing it back and forth, so that every consistent deal is equally likely
            size_a, size_b = len(lists[a]), len(lists[b])
            n_x, n_y = len(options), len(back)
            there = 1 / (n_x * size_b) + 1 / (n_y * size_a)
            back_again = 1 / (n_x * size_a) + 1 / (n_y * size_b)
            if back_again < there and rand() * there >= back_again:
                continue
            lists[b][j] = x
            lists[a][lists[a].index(x)] = y
            where[x], where[y] = b, a
        return [C.mask_of(cards) for cards in lists]

    def deal(self, rng: random.Random, attempts: int = 30) -> list[Mask]:
        for _ in range(attempts):
            out = self.quick(rng)
            if out is not None:
                break
        else:
            out = self.exact(rng)
        if self.mix_steps:
            out = self.mix(out, rng, self.mix_steps)
        return out


__all__ = ["Dealer", "NoConsistentDeal"]
