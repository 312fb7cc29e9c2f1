"""Counting the cards and scoring a finished deal (RULES.md §9 and §10).

All card points are in half points (the deck holds 182) so that every sum is exact; the
margin rounds a half point toward the winning camp, never with ``round()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import cards as C
from engine.state import DEFENCE_CAMP, TAKER_CAMP, DealState

HALF_DECK = 182


@dataclass(frozen=True)
class DealResult:
    """The whole calculation of one deal, as the score panel and ``engine score`` show it."""

    players: int
    taker: int
    partner: int | None  # five players: the partner, None when the taker played alone
    contract: str
    multiplier: int
    oudlers: int
    points_half: int  # the taker's camp's card points, in half points
    target: int
    made: bool
    margin: int
    contract_base: int
    petit_au_bout: str | None  # "taker", "defence" or None
    petit_au_bout_bonus: int  # unsigned, already multiplied
    handful_bonus: int  # unsigned total of the handfuls shown
    slam: str | None  # "announced_made", "made", "announced_failed", "defence"
    slam_bonus: int  # signed, as added to the value
    value: int  # V, seen from the taker's side
    contract_scores: tuple[int, ...]
    misere_scores: tuple[int, ...]
    scores: tuple[int, ...]  # contract scores plus misères; adds up to 0

    @property
    def points(self) -> float | int:
        return self.points_half // 2 if self.points_half % 2 == 0 else self.points_half / 2

    @property
    def defence_points(self) -> float | int:
        half = HALF_DECK - self.points_half
        return half // 2 if half % 2 == 0 else half / 2

    def to_json(self) -> dict[str, Any]:
        """The output object of ``python -m engine score`` (DEAL_RECORD.md)."""
        return {
            "players": self.players,
            "taker": self.taker,
            "partner": self.partner,
            "contract": self.contract,
            "oudlers": self.oudlers,
            "points": self.points,
            "target": self.target,
            "made": self.made,
            "margin": self.margin,
            "petit_au_bout": self.petit_au_bout,
            "handful_bonus": self.handful_bonus,
            "slam": self.slam,
            "value": self.value,
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Count:
    """Who ended with which card points and oudlers."""

    taker_half: int
    oudlers: int


def _taker_cards(state: DealState) -> int:
    """The cards the taker's camp won, with the discard or the dog when they are its."""
    contract = state.contract
    assert contract is not None
    taker: int = state.camp_won[TAKER_CAMP]
    if contract.dog_shown:
        taker |= state.discard
    elif contract.dog_to_taker:
        taker |= state.dog
    return taker


def count_cards(state: DealState) -> Count:
    """The taker's camp's card points and oudlers at the end (RULES.md §9)."""
    taker = _taker_cards(state)
    half = C.mask_points(taker)
    oudlers = (taker & C.OUDLER_MASK).bit_count()  # the Excuse, if it won the slam trick
    if state.excuse_player >= 0 and not taker & C.EXCUSE_BIT:
        excuse_half, excuse_is_taker = _excuse_share(state)
        half += excuse_half
        oudlers += excuse_is_taker
    return Count(half, oudlers)


def _excuse_share(state: DealState) -> tuple[int, int]:
    """Half points the taker's camp gets from the Excuse, and 1 if it ends up keeping it."""
    owner_camp = state.camp_of(state.excuse_player)
    winner_camp = state.camp_of(state.excuse_winner)
    if state.camp_won[winner_camp] & C.EXCUSE_BIT:
        return (9, 1) if winner_camp == TAKER_CAMP else (0, 0)  # the slam Excuse
    if state.excuse_trick == state.tricks_total - 1:
        gets = 1 - owner_camp if state.rules.excuse_last_trick == "changes_camp" else winner_camp
        return (9, 1) if gets == TAKER_CAMP else (0, 0)
    # The owner keeps it (4 points) and gives a low card (0.5) to the trick's winner.
    half = (8 if owner_camp == TAKER_CAMP else 0) + (1 if winner_camp == TAKER_CAMP else 0)
    return half, 1 if owner_camp == TAKER_CAMP else 0


@dataclass(frozen=True)
class ExcuseFate:
    """Where the Excuse went, as the score panel tells it.

    ``how`` is ``"kept"`` (its owner's camp kept it and gave a half-point card for it),
    ``"last_trick"`` (played to the last trick, it went to the camp of ``rules.excuse_last_trick``),
    ``"slam"`` (it won the last trick of a slam), ``"dog"`` (it was never played: it lay in the
    dog and counts for the camp the dog went to); ``camp`` is the camp that counts it (4 points
    and a half-point card given for it when kept, else its 4.5), ``owner`` the seat that
    played it, if any."""

    how: str
    camp: int
    owner: int | None = None

    @property
    def for_taker(self) -> bool:
        """Whether the taker's camp counts it."""
        return self.camp == TAKER_CAMP


def excuse_fate(state: DealState) -> ExcuseFate:
    """Where the Excuse of a finished deal went (the same accounting as :func:`count_cards`)."""
    if state.excuse_player < 0:  # never played: it lay in the dog
        return ExcuseFate("dog", TAKER_CAMP if _taker_cards(state) & C.EXCUSE_BIT
                          else DEFENCE_CAMP)
    owner = state.excuse_player
    winner_camp = state.camp_of(state.excuse_winner)
    if state.camp_won[winner_camp] & C.EXCUSE_BIT:
        return ExcuseFate("slam", winner_camp, owner)
    return _played_fate(state, owner, winner_camp, state.excuse_trick == state.tricks_total - 1)


def trick_excuse_fate(state: DealState, winner: int) -> ExcuseFate | None:
    """Where the Excuse in the complete trick on ``state`` goes when ``winner`` takes it, by
    the rule the deal's fold and :func:`excuse_fate` apply; ``None`` when the trick holds no
    Excuse, or before the contract."""
    trick = state.trick
    owner = state.excuse_player
    if C.EXCUSE not in trick or owner < 0 or state.taker is None:
        return None
    if trick[0] == C.EXCUSE and winner == state.leader == owner:
        return ExcuseFate("slam", state.camp_of(winner), owner)  # led to a slam's last trick
    return _played_fate(state, owner, state.camp_of(winner),
                        state.trick_index == state.tricks_total - 1)


def _played_fate(state: DealState, owner: int, winner_camp: int, last: bool) -> ExcuseFate:
    """The Excuse played by ``owner`` into a trick ``winner_camp`` won: at the last trick it
    goes to the camp the rules say; before it, its owner's camp keeps it."""
    if last:
        owner_camp = state.camp_of(owner)
        gets = 1 - owner_camp if state.rules.excuse_last_trick == "changes_camp" else winner_camp
        return ExcuseFate("last_trick", gets, owner)
    return ExcuseFate("kept", state.camp_of(owner), owner)


def oudlers_counted(state: DealState) -> tuple[C.Card, ...]:
    """The oudlers the taker's camp counts at the end (21, Petit, Excuse, in that order)."""
    taker = _taker_cards(state)
    out = [card for card in (C.TWENTY_ONE, C.PETIT) if taker & (1 << card)]
    if excuse_fate(state).for_taker:
        out.append(C.EXCUSE)
    return tuple(out)


def petit_au_bout(state: DealState) -> str | None:
    """``"taker"``/``"defence"`` when the Petit went to the last trick (RULES.md §10)."""
    tricks = state.tricks
    if not tricks:
        return None
    last_leader, last_cards, last_winner = tricks[-1]
    trick = tricks[-1]
    if (C.PETIT not in last_cards and last_cards[0] == C.EXCUSE and last_winner == last_leader
            and len(tricks) > 1):
        trick = tricks[-2]  # a slam won by the Excuse: the next-to-last trick counts
    if C.PETIT not in trick[1]:
        return None
    return "taker" if state.camp_of(trick[2]) == TAKER_CAMP else "defence"


def slam_outcome(state: DealState) -> str | None:
    """``"defence"`` whenever the defence won every trick, announced slam or not."""
    taker_tricks, defence_tricks = state.camp_tricks
    if defence_tricks == 0 and taker_tricks:
        return "announced_made" if state.slam_announced else "made"
    if taker_tricks == 0 and defence_tricks:
        return "defence"
    if state.slam_announced:
        return "announced_failed"
    return None


def slam_bonus(state: DealState, outcome: str | None) -> int:
    """The signed slam term of the deal value (RULES.md §10)."""
    bonuses = state.rules.slam
    bonus = 0
    if state.slam_announced and outcome != "announced_made":
        bonus += bonuses.announced_failed
    if outcome == "announced_made":
        bonus += bonuses.announced_made
    elif outcome == "made":
        bonus += bonuses.made
    elif outcome == "defence":
        bonus += bonuses.defence
    return bonus


def score_deal(state: DealState) -> DealResult:
    """Score a deal whose tricks have all been played."""
    rules = state.rules
    contract = state.contract
    taker = state.taker
    assert contract is not None and taker is not None
    count = count_cards(state)
    target = rules.targets[count.oudlers]
    diff = count.taker_half - 2 * target
    made = diff >= 0
    margin = (abs(diff) + 1) // 2  # a half point goes to the winning camp
    sign = 1 if made else -1
    m = contract.multiplier

    value = sign * (rules.contract_base + margin) * m
    pab = petit_au_bout(state)
    pab_bonus = rules.petit_au_bout * m
    if pab is not None:
        value += pab_bonus if pab == "taker" else -pab_bonus
    thresholds = rules.handful_thresholds(state.n)
    handful = sum(
        rules.handful_bonus[thresholds.index(len(cards))] for cards in state.handfuls.values()
    )
    value += sign * handful
    slam = slam_outcome(state)
    slam_term = slam_bonus(state, slam)
    value += slam_term

    contract_scores = split_value(state, value)
    miseres = misere_scores(state)
    scores = tuple(a + b for a, b in zip(contract_scores, miseres, strict=True))
    return DealResult(
        players=state.n,
        taker=taker,
        partner=state.partner if state.n == 5 else None,
        contract=contract.name,
        multiplier=m,
        oudlers=count.oudlers,
        points_half=count.taker_half,
        target=target,
        made=made,
        margin=margin,
        contract_base=rules.contract_base,
        petit_au_bout=pab,
        petit_au_bout_bonus=pab_bonus if pab else 0,
        handful_bonus=handful,
        slam=slam,
        slam_bonus=slam_term,
        value=value,
        contract_scores=contract_scores,
        misere_scores=miseres,
        scores=scores,
    )


def split_value(state: DealState, value: int) -> tuple[int, ...]:
    """Each seat's share of the deal value (RULES.md §10): it adds up to zero."""
    n = state.n
    taker = state.taker
    assert taker is not None
    scores = [-value] * n
    partner = state.partner if n == 5 else None
    if partner is not None:
        taker_share, partner_share = state.rules.five_player_split
        scores[taker] = taker_share * value
        scores[partner] = partner_share * value
    else:
        scores[taker] = (n - 1) * value
    return tuple(scores)


def misere_scores(state: DealState) -> tuple[int, ...]:
    n = state.n
    scores = [0] * n
    each = state.rules.misere_value
    for seat, kinds in state.miseres.items():
        for _ in kinds:
            for other in range(n):
                scores[other] += each * (n - 1) if other == seat else -each
    return tuple(scores)


__all__ = ["DEFENCE_CAMP", "TAKER_CAMP", "DealResult", "count_cards", "score_deal"]
