"""What a seat can infer about the hidden cards, and deals sampled consistently with it.

:func:`infer` reads a :class:`~engine.views.SeatView` and works out who may hold each card
the seat has not seen. The *holders* are the other seats and, while it is hidden from the
seat, a *pile*: the dog (during the bidding and the call, and all deal long in Garde sans or
Garde contre) or the taker's discard (for the defence, once the dog was shown and taken).
Every holder has an exact size (``view.hand_counts``; the dog size; the discard minus the
trumps shown in it), and each card a set of holders that may have it:

* **voids** — a seat that did not follow the suit led has none of it; one that did not trump
  when it had to has no trump; one that did not overtrump when it had to has no trump above
  the highest trump of that trick (the Excuse, which may always be played, says nothing);
* **handfuls** — trumps shown are in that hand until played; a seat that showed the Excuse
  holds no trump it did not show;
* **misères** — no trump (misère d'atout), no head and no oudler (misère de têtes);
* **the dog** — once shown and taken, its cards are in the taker's hand or in the discard;
  the discard holds no king, oudler or trump (trumps in it are shown), and a taker who had
  to discard trumps has no plain card left that could have gone instead;
* **the called card** (five players) — a called queen means the taker held every king, and
  so on down; until the called card is played, the taker is assumed not to hold it, unless
  the seat knows the taker plays alone (a presumption, not a rule: it is dropped when no deal
  satisfies it);
* **the petit sec** — no seat was dealt the Petit as its only trump without the Excuse (the
  deal would have been cancelled).

:class:`Worlds` deals the unseen cards at random among the holders, respecting the sizes and
every constraint (the most constrained cards first, each to a holder with probability
proportional to its room; an exact feasibility check takes over if quick attempts fail), and
builds full :class:`~engine.state.DealState` objects positioned at the seat's current
decision, ready for the fast path. A few random swaps of cards between holders that may take
them (a Metropolis-Hastings walk whose target is the uniform distribution) then even out the
bias of the quick dealing, so that the deals are close to uniform among those consistent with
the view. :func:`sample_deals` is the one-call form.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import cards as C
from engine import speedups
from engine.cards import Card, Mask
from engine.rules import Contract
from engine.state import DealState, Phase
from engine.views import SeatView

PILE = -1  # the holder standing for the hidden dog or discard
PLAIN_MASK: Mask = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]
DISCARDABLE: Mask = PLAIN_MASK & ~C.KING_MASK  # what a discard may hold besides shown trumps
MIX_STEPS_PER_CARD = 4
MAX_MIX_STEPS = 200
#: The compiled quick deal and walk of :meth:`Dealer.quick` and :meth:`Dealer.mix`
#: (``engine/_sampling.c``), where built.
_QUICK = getattr(speedups.MODULE, "quick_deal", None)
_MIX = getattr(speedups.MODULE, "mix_deal", None)


class NoConsistentDeal(ValueError):
    """The constraints admit no deal (only possible when the view itself is inconsistent)."""


@dataclass(frozen=True)
class Knowledge:
    """Who may hold each unseen card: ``holders[i]`` (a seat or :data:`PILE`) holds exactly
    ``sizes[i]`` cards of ``pool``, all within ``allowed[i]`` (the rules' constraints) and
    preferably within ``presumed[i]`` (the same plus presumptions)."""

    seat: int
    holders: tuple[int, ...]
    sizes: tuple[int, ...]
    allowed: tuple[Mask, ...]
    presumed: tuple[Mask, ...]
    pool: Mask
    pile: str | None  # "dog", "discard" or None


def _contract(view: SeatView) -> Contract | None:
    return view.rules.contract(view.contract) if view.contract is not None else None


def trick_constraints(view: SeatView) -> list[Mask]:
    """Per seat, the cards it cannot hold as shown by the tricks (voids, no trumps, no trump
    above a trick's highest)."""
    n = view.players
    banned = [0] * n
    for trick in (*view.tricks, view.trick):
        led = -1
        high = 0
        for i, card in enumerate(trick.cards):
            if card == C.EXCUSE:
                continue
            seat = (trick.leader + i) % n
            suit = C.SUIT_OF[card]
            rank = C.RANK_OF[card]
            if led < 0:
                led = suit
                if suit == C.TRUMP:
                    high = rank
                continue
            if led != C.TRUMP:
                if suit != led:
                    banned[seat] |= C.SUIT_MASKS[led]
                    if suit != C.TRUMP:
                        banned[seat] |= C.TRUMP_MASK
                    elif rank < high:
                        banned[seat] |= C.TRUMPS_ABOVE[high]
            elif suit != C.TRUMP:
                banned[seat] |= C.TRUMP_MASK
            elif rank < high:
                banned[seat] |= C.TRUMPS_ABOVE[high]
            if suit == C.TRUMP and rank > high:
                high = rank
    return banned


def infer(view: SeatView) -> Knowledge:
    """Everything ``view.seat`` may deduce about the cards it has not seen."""
    n = view.players
    me = view.seat
    rules = view.rules
    setup = rules.setup(n)
    hand = view.hand_mask
    contract = _contract(view)
    taker = view.taker
    played = view.played
    dog_seen = C.mask_of(view.dog) if view.dog is not None else 0
    own_discard = C.mask_of(view.discard) if view.discard else 0
    shown_discard = C.mask_of(view.discard_shown)
    pool = C.FULL_DECK & ~hand & ~played & ~own_discard & ~shown_discard

    holders = [s for s in range(n) if s != me]
    sizes = [view.hand_counts[s] for s in holders]
    pile: str | None = None
    pile_size = 0
    if view.phase in (Phase.BIDDING, Phase.CALLING):
        pile, pile_size = "dog", setup.dog
    elif contract is not None and not contract.dog_shown:
        if view.dog is None:
            pile, pile_size = "dog", setup.dog
    elif contract is not None and view.phase is not Phase.DISCARDING and me != taker:
        pile, pile_size = "discard", setup.dog - shown_discard.bit_count()
    if pile is not None:
        holders.append(PILE)
        sizes.append(pile_size)
    if view.dog is not None and (contract is None or not contract.dog_shown):
        pool &= ~dog_seen  # the deal is over and the dog is face up: nobody holds it
    allowed = {h: pool for h in holders}
    banned = trick_constraints(view)
    for seat in holders:
        if seat != PILE:
            allowed[seat] &= ~banned[seat]
    if pile == "discard":
        allowed[PILE] &= DISCARDABLE
    if contract is not None and contract.dog_shown and dog_seen and taker is not None:
        for seat in holders:
            if seat != taker and seat != PILE:
                allowed[seat] &= ~dog_seen
        if shown_discard and taker in allowed:
            allowed[taker] &= ~DISCARDABLE
    for seat, shown in view.handfuls.items():
        cards = C.mask_of(shown) & pool
        for other in holders:
            if other != seat:
                allowed[other] &= ~cards
        if seat in allowed and C.EXCUSE in shown:
            allowed[seat] &= ~(C.TRUMP_MASK & ~C.mask_of(shown))
    for seat, kinds in view.miseres.items():
        if seat not in allowed:
            continue
        if "trump" in kinds:
            allowed[seat] &= ~C.TRUMP_MASK
        if "heads" in kinds:
            allowed[seat] &= ~(C.HEAD_MASK | C.OUDLER_MASK)
    called = view.called
    if (called is not None and taker is not None and taker != me
            and rules.five_player_call == "king" and C.SUIT_OF[called] < 4):
        # a queen is called only by a taker holding every king, and so on down
        held = 0
        for rank in range(C.RANK_OF[called] + 1, C.KING + 1):
            for suit in range(4):
                held |= 1 << C.make_card(suit, rank)
        for holder in holders:
            if holder != taker and not (holder == PILE and pile == "discard"):
                allowed[holder] &= ~held
    presumed = dict(allowed)
    if (called is not None and taker is not None and taker in presumed
            and not view.partner_known and pool >> called & 1):
        presumed[taker] &= ~(1 << called)
    if sum(sizes) != pool.bit_count():
        raise NoConsistentDeal(f"{pool.bit_count()} unseen cards for {sum(sizes)} places")
    return Knowledge(
        seat=me,
        holders=tuple(holders),
        sizes=tuple(sizes),
        allowed=tuple(allowed[h] for h in holders),
        presumed=tuple(presumed[h] for h in holders),
        pool=pool,
        pile=pile,
    )


# --- dealing the unseen cards ----------------------------------------------------------------


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


class Worlds:
    """Full deals consistent with a seat's view, positioned at its current decision."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.knowledge = k = infer(view)
        self.dealer = Dealer(k.sizes, k.presumed, k.pool)
        if not self.dealer.possible:
            self.dealer = Dealer(k.sizes, k.allowed, k.pool)
            if not self.dealer.possible:
                raise NoConsistentDeal("no deal fits what the seat has seen")
        rules = view.rules
        self.contract = _contract(view)
        self.dog_size = rules.setup(view.players).dog
        self.dog_seen = C.mask_of(view.dog) if view.dog is not None else 0
        self.own_discard = C.mask_of(view.discard) if view.discard else 0
        self.shown_discard = C.mask_of(view.discard_shown)
        self.petit_sec = rules.petit_sec == "redeal"
        # what each seat has played and, for the taker, set aside: with the hand, its deal
        self.played_by = [0] * view.players
        for trick in (*view.tricks, view.trick):
            for seat, card in zip(trick.seats(view.players), trick.cards, strict=True):
                self.played_by[seat] |= 1 << card
        self.dog_taken = (self.contract is not None and self.contract.dog_shown
                          and view.phase not in (Phase.BIDDING, Phase.CALLING))
        self.called_by: int | None = None  # the seat that played the called card
        called = view.called
        if called is not None and view.played >> called & 1:
            for trick in (*view.tricks, view.trick):
                if called in trick.cards:
                    self.called_by = trick.seats(view.players)[trick.cards.index(called)]
        self._templates: dict[int | None, DealState] = {}

    # the state without hands, per partner (the camps decide who won the past tricks)

    def template(self, partner: int | None) -> DealState:
        found = self._templates.get(partner)
        if found is not None:
            return found
        s = self.opening(partner)
        view = self.view
        if view.phase is Phase.PLAYING:
            for trick in view.tricks:
                for card in trick.cards:
                    s.play(card)
            for card in view.trick.cards:
                s.play(card)
            s.phase = Phase.PLAYING
        s.turn = view.turn
        self._templates[partner] = s
        return s

    def opening(self, partner: int | None) -> DealState:
        """A new state without hands at the start of the card play (or, before it, at the
        view's phase), with ``partner`` as the partner."""
        view = self.view
        s = DealState(view.rules, view.players)
        s.dealer = view.dealer
        s.phase = view.phase
        s.bids = list(view.bids)
        s.taker = view.taker
        s.contract = self.contract
        s.called = view.called
        s.partner = partner
        s.discard_shown = self.shown_discard
        s.slam_announced = view.slam_announced
        s.handfuls = dict(view.handfuls)
        s.miseres = dict(view.miseres)
        if view.phase is Phase.PLAYING:
            s.start_play()
        else:
            s.turn = view.turn
        return s

    def _partner(self, hands: list[Mask], pile: Mask) -> int | None:
        view = self.view
        called = view.called
        if view.players != 5 or called is None:
            return None
        if self.called_by is not None:
            return None if self.called_by == view.taker else self.called_by
        bit = 1 << called
        for seat, hand in enumerate(hands):
            if hand & bit:
                return None if seat == view.taker else seat
        return None  # in the dog or the discard: the taker plays alone

    def dealt_hand(self, world: DealState, seat: int) -> Mask:
        """The cards ``seat`` was dealt in ``world`` (a deal this source gave)."""
        dealt = world.hands[seat] | self.played_by[seat]
        if seat == self.view.taker and self.dog_taken:
            dealt = (dealt | world.discard) & ~world.dog
        return dealt

    def playing_hand(self, world: DealState, seat: int) -> Mask:
        """The cards ``seat`` held when the card play began in ``world``."""
        return world.hands[seat] | self.played_by[seat]

    def _petit_sec(self, hands: list[Mask], pile: Mask) -> bool:
        """Whether a seat was dealt the Petit as its only trump, without the Excuse."""
        taker = self.view.taker
        for seat, hand in enumerate(hands):
            dealt = hand | self.played_by[seat]
            if seat == taker and self.dog_taken:
                aside = self.own_discard if self.knowledge.pile != "discard" else (
                    pile | self.shown_discard)
                dealt = (dealt | aside) & ~self.dog_seen
            if dealt & C.TRUMP_MASK == 1 << C.PETIT and not dealt & C.EXCUSE_BIT:
                return True
        return False

    def sample(self, rng: random.Random) -> DealState:
        """One deal consistent with the view."""
        view = self.view
        k = self.knowledge
        tries = 0
        while True:
            parts = self.dealer.deal(rng)
            hands = [0] * view.players
            pile = 0
            for index, holder in enumerate(k.holders):
                if holder == PILE:
                    pile = parts[index]
                else:
                    hands[holder] = parts[index]
            hands[view.seat] = view.hand_mask
            tries += 1
            if self.petit_sec and tries < 50 and self._petit_sec(hands, pile):
                continue  # the deal would have been cancelled
            break
        s = self.template(self._partner(hands, pile)).copy()
        s.hands = hands
        contract = self.contract
        if contract is not None and contract.dog_shown and view.phase not in (
                Phase.BIDDING, Phase.CALLING):
            s.dog = self.dog_seen
            s.discard = self.own_discard if k.pile != "discard" else pile | self.shown_discard
        else:
            s.dog = pile if k.pile == "dog" else self.dog_seen
        return s


def sample_deals(view: SeatView, rng: random.Random, n: int) -> list[DealState]:
    """``n`` full deals consistent with everything ``view.seat`` knows, each a
    :class:`DealState` positioned at the seat's current decision."""
    worlds = Worlds(view)
    return [worlds.sample(rng) for _ in range(n)]
