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
  deal would have been cancelled);
* **the discard, as a taker makes it** — seen from the defence, the taker's cards and its
  discard are dealt together, then parted as the club player discards
  (:func:`engine.ai.club_contract.discard_choice`: whole short suits first), so that the
  voids a discard makes are as frequent in the sampled deals as at the table; a deal whose
  club discard the play so far contradicts (a card the taker played, a suit it showed it
  lacks kept in its hand) is dealt again, up to :data:`DISCARD_TRIES` times. A share of the
  deals (:data:`MODELLED_DISCARDS`) is parted so; the rest keep the discard they were dealt,
  so that any discard the rules allow stays possible.

:class:`Worlds` deals the unseen cards at random among the holders, respecting the sizes and
every constraint (:class:`engine.ai.dealer.Dealer`: close to uniform among the deals
consistent with the view), and builds full :class:`~engine.state.DealState` objects
positioned at the seat's current decision, ready for the fast path. :func:`sample_deals` is
the one-call form.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import cards as C
from engine.ai.club_contract import discard_choice
from engine.ai.dealer import Dealer, NoConsistentDeal
from engine.cards import Mask
from engine.rules import Contract
from engine.state import DealState, Phase
from engine.views import SeatView

PILE = -1  # the holder standing for the hidden dog or discard
PLAIN_MASK: Mask = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]
DISCARDABLE: Mask = PLAIN_MASK & ~C.KING_MASK  # what a discard may hold besides shown trumps
#: Deals tried for one whose club discard fits the play so far, before the last is kept with
#: the discard it was dealt.
DISCARD_TRIES = 20
#: The share of the sampled deals whose discard is the club player's; the others keep the
#: discard they were dealt, so that a taker who discards otherwise (every discard the rules
#: allow) stays possible.
MODELLED_DISCARDS = 0.8


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

    def held(self, state: DealState, holder: int) -> Mask:
        """The cards ``holder`` (a seat or :data:`PILE`) has in ``state``."""
        if holder != PILE:
            return state.hands[holder]
        return state.discard if self.pile == "discard" else state.dog


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


class Worlds:
    """Full deals consistent with a seat's view, positioned at its current decision."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.knowledge = k = self.infer(view)
        self.dealer = Dealer(k.sizes, k.presumed, k.pool)
        masks = k.presumed  # what each holder may hold in the deals dealt
        if not self.dealer.possible:
            masks = k.allowed
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
        # seen from the defence, the taker's hand and discard are parted as a taker would
        self.reads_discard = (k.pile == "discard" and self.dog_taken
                              and view.taker is not None and view.taker != view.seat)
        self.taker = view.taker if view.taker is not None else -1
        self.taker_may_hold = masks[k.holders.index(self.taker)] if self.reads_discard else 0
        self.pile_may_hold = masks[k.holders.index(PILE)] if self.reads_discard else 0
        self.called_by: int | None = None  # the seat that played the called card
        called = view.called
        if called is not None and view.played >> called & 1:
            for trick in (*view.tricks, view.trick):
                if called in trick.cards:
                    self.called_by = trick.seats(view.players)[trick.cards.index(called)]
        self._templates: dict[int | None, DealState] = {}

    def infer(self, view: SeatView) -> Knowledge:
        """Who may hold each unseen card (:func:`infer`); the deals are dealt within it."""
        return infer(view)

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

    def _taker_discard(self, hand: Mask, pile: Mask) -> tuple[Mask, Mask] | None:
        """The taker's hand and hidden discard as the club player would have parted the
        cards dealt to both (with those it played and the trumps it showed aside), or
        ``None`` when the play so far contradicts that discard."""
        played = self.played_by[self.taker]
        before = hand | pile | self.shown_discard | played
        discard = discard_choice(before, self.dog_size)
        if discard & played or discard & C.TRUMP_MASK != self.shown_discard:
            return None
        kept = before & ~discard & ~played
        hidden = discard & ~self.shown_discard
        if kept & ~self.taker_may_hold or hidden & ~self.pile_may_hold:
            return None
        return kept, hidden

    def sample(self, rng: random.Random) -> DealState:
        """One deal consistent with the view."""
        view = self.view
        k = self.knowledge
        tries = 0
        modelled = self.reads_discard and MODELLED_DISCARDS > 0 and (
            rng.random() < MODELLED_DISCARDS)
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
            if modelled:
                parted = self._taker_discard(hands[self.taker], pile)
                if parted is None and tries < DISCARD_TRIES:
                    continue
                if parted is not None:
                    hands[self.taker], pile = parted
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
