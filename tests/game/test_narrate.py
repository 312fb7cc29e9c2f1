"""The replay viewer's narration (game/narrate.py): one line per event, English and French.

Deals come from three places: a designed 4-player deal whose first tricks hit each way of
playing a card (trump, overtrump, undertrump, discard, the Excuse, a trump lead the others
cannot beat); the frozen records of ``tests/engine/test_scoring.py`` (handful, slams, Petit au bout,
the Excuse in the last trick, five-player partner and taker alone); stacked hands for misères
and trumps in the discard; and hundreds of random deals per player count for what every line
must be (never empty, never a raw key, one per event, French really French).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, DecideSlam, Discard, Play
from engine.cards import parse_card, parse_cards
from engine.choices import can_change_discard, misere_options
from engine.deal import Deal
from engine.events import (
    EVENT_TYPES,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    TrickWon,
)
from engine.randomplay import random_action, random_discard, random_handful
from engine.rules import Rules, load_rules
from engine.state import DealState, Phase
from game.app.i18n import catalogs, seat_name, tr
from game.replay.narrate import card_text, describe, narrate, narrate_events
from tests.helpers.scored_deals import (
    EXAMPLE_1,
    EXAMPLE_5,
    EXCUSE_LAST_TRICK,
    FIVE_ALONE,
    FIVE_PARTNER,
    SLAM_EXCUSE_LED,
    replay,
)
from tests.helpers.stacked_deals import stacked_dealt

FFT = load_rules()
VARIANTS = ("fft", "miseres", "excuse_to_trick_winner", "call_any_card")
RULES: dict[str, Rules] = {name: load_rules(variant=name) for name in VARIANTS}
LANGS = ("en", "fr")


def names_for(players: int, lang: str = "en") -> list[str]:
    return [seat_name(seat, players, lang) for seat in range(players)]


def fresh_before(deal: Deal, index: int) -> DealState:
    """The state before event ``index``, rebuilt from the log (the slow, obvious way)."""
    if index == 0:
        return DealState(deal.rules, deal.events[0].players)
    return deal.state_at(index)


# --- random deals ----------------------------------------------------------------------------


def play_out(deal: Deal, rng: random.Random, slam_rate: float = 0.05) -> Deal:
    """Random legal play to the end, with handfuls, misères and changed discards now and then."""
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        if state.phase is Phase.PLAYING and not state.played_seats >> seat & 1:
            for kind in misere_options(state, seat):
                deal.execute(seat, AnnounceMisere(kind))
            if rng.random() < 0.5:
                handful = random_handful(deal.state, seat, rng)
                if handful is not None:
                    deal.execute(seat, handful)
            if can_change_discard(deal.state, seat) and rng.random() < 0.1:
                deal.execute(seat, random_discard(deal.state, rng))
        deal.execute(seat, random_action(deal.state, rng, slam_rate))
    return deal


def random_deals(players: int, count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for i in range(count):
        rules = RULES[VARIANTS[i % len(VARIANTS)]]
        deal = Deal.new(rules, players, i % players, rng.randrange(1 << 30))
        deals.append(play_out(deal, rng))
    return deals


@pytest.fixture(scope="module")
def many_deals() -> dict[int, list[Deal]]:
    return {n: random_deals(n, 300, 1000 + n) for n in (3, 4, 5)}


@pytest.fixture(scope="module")
def stacked() -> list[Deal]:
    """Misères of both kinds, and takers whose discard must hold trumps."""
    out = []
    rng = random.Random(5)
    for n in (3, 4, 5):
        for kind in ("no_trump", "no_heads", "trumps"):
            for k in range(4):
                rules = RULES["miseres"]
                dealt = stacked_dealt(rules, n, k % n, rng, (k + 1) % n, kind)
                deal = Deal.from_dealt(rules, dealt)
                if kind == "trumps" and not deal.is_over:
                    for _ in range(n):
                        seat = deal.state.turn
                        deal.execute(seat, Bid("garde" if seat == (k + 1) % n else None))
                out.append(play_out(deal, rng))
    return out


def all_lines(deals: Sequence[Deal], lang: str) -> list[str]:
    return [line for deal in deals for line in narrate(deal, names_for(deal.players, lang), lang)]


def test_one_clean_line_per_event_for_thousands_of_deals(many_deals):
    for players, deals in many_deals.items():
        for lang in LANGS:
            names = names_for(players, lang)
            for deal in deals:
                lines = narrate(deal, names, lang)
                assert len(lines) == len(deal.events)
                for line in lines:
                    assert line and line == line.strip()
                    assert "{" not in line and "}" not in line
                    assert "narr_" not in line and "\n" not in line


def test_every_event_type_is_described_in_both_languages(many_deals, stacked):
    deals = [d for ds in many_deals.values() for d in ds] + stacked
    deals += [replay(EXAMPLE_1), replay(FIVE_PARTNER)]
    seen = {event.kind for deal in deals for event in deal.events}
    assert seen == set(EVENT_TYPES)
    for lang in LANGS:
        by_kind: dict[str, set[str]] = {}
        for deal in deals:
            for event, line in zip(deal.events, narrate(deal, names_for(deal.players, lang), lang),
                                   strict=True):
                by_kind.setdefault(event.kind, set()).add(line)
        assert set(by_kind) == set(EVENT_TYPES)


@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["leads the", "leads a trump,", "follows with", "the best card so far",
            " trumps with", "overtrumps with", "undertrumps with", "cannot follow or trump",
            "goes higher with", "cannot go higher", "has no trumps", "plays the Excuse",
            "leads the Excuse", "which sets the suit", "keeps the Excuse",
            "played to the last trick", "Petit au bout", "handful", "announces a slam",
            "discards 6 cards face down", "changes the discard", "of trumps, shown to all",
            "announces a misère (no trumps)", "misère of heads", "made by", "lost by",
            "everyone passed", "Petit sec", "is the partner", "the taker plays alone"]),
    ("fr", ["entame du", "entame atout :", "fournit", "et prend la main", " coupe avec",
            "surcoupe avec", "sous-coupe avec", "ne peut ni fournir ni couper",
            "monte avec", "ne peut pas monter", "n'a pas d'atout", "joue l'Excuse",
            "entame de l'Excuse", "qui donne la couleur", "garde l'Excuse",
            "jouée au dernier pli", "Petit au bout", "poignée", "annonce un chelem",
            "fait son écart", "refait son écart", "montré", "misère d'atout",
            "misère de têtes", "passée de", "chutée de", "tout le monde a passé", "Petit sec",
            "est le partenaire", "le preneur joue seul"]),
])
def test_every_way_of_playing_is_told(many_deals, stacked, lang, phrases):
    deals = [d for ds in many_deals.values() for d in ds] + stacked
    deals += [replay(EXAMPLE_5), replay(FIVE_ALONE), replay(FIVE_PARTNER)]
    deals += [Deal.new(FFT, 4, 0, seed) for seed in range(3)]  # unfinished: bidding
    text = "\n".join(all_lines(deals, lang))
    missing = [p for p in phrases if p not in text]
    assert not missing


def test_narrate_folds_like_state_at():
    for deal in random_deals(4, 8, 77) + random_deals(5, 8, 78):
        names = names_for(deal.players)
        slow = [describe(e, fresh_before(deal, i), names, after=deal.state_at(i + 1))
                for i, e in enumerate(deal.events)]
        assert narrate(deal, names) == slow


def test_describe_leaves_the_state_alone():
    deal = replay(EXAMPLE_1)
    names = names_for(4)
    for i, event in enumerate(deal.events):
        before = fresh_before(deal, i)
        kept = before.copy()  # a deep copy: equal field for field
        describe(event, before, names, "fr")
        assert before == kept


def test_a_deal_narrates_fast():
    deals = random_deals(4, 20, 99)
    names = names_for(4)
    start = time.perf_counter()
    for deal in deals:
        narrate(deal, names)
    per_deal = (time.perf_counter() - start) / len(deals)
    assert max(len(d.events) for d in deals) >= 90
    assert per_deal < 0.02  # well under the 50 ms asked for


# --- French is French -----------------------------------------------------------------------------


#: Narration texts written the same way in both languages (names, numbers, "simple").
SAME_IN_FRENCH = {"narr_petit", "narr_excuse", "narr_points", "narr_level_0", "narr_level_1",
                  "narr_level_2", "narr_score", "narr_scores"}


def test_every_narration_key_has_a_french_text():
    keys = [k for k in catalogs().template() if k.startswith("narr_")]
    assert len(keys) > 60
    for key in keys:
        english, french = tr(key, "en"), tr(key, "fr")
        assert english and french, key
        assert french != english or key in SAME_IN_FRENCH, key


def test_french_lines_have_no_english_words(many_deals, stacked):
    deals = many_deals[4][:60] + many_deals[5][:60] + stacked
    deals += [replay(EXAMPLE_5), replay(FIVE_PARTNER), replay(EXCUSE_LAST_TRICK)]
    english = (" the ", " of ", " wins ", " trick", " follows", " trumps", "Deal ", " plays ",
               " leads ", " bids ", " passes", " dog", " shows ", " handful", " cards", "King",
               "Queen", "Hearts", "Spades", "Clubs", "Diamonds", " and ", " made ", " needed")
    for line in all_lines(deals, "fr"):
        assert not [w for w in english if w in line], line


# --- exact lines ----------------------------------------------------------------------------------

# Dealer West: South speaks and leads first. North (all the high trumps) takes a Garde.
DESIGNED_HANDS = (
    "7H 8H 9H 10H JH NH QH KH 1S 2S 3S 4S 5S 1D 2D 3D 4D T2",
    "T14 5D 6D 7D 8D 9D 10D JD ND QD KD 1C 2C 3C 4C 5C 6C 7C",
    "T9 T10 T11 T12 T13 T15 T16 T17 T18 T19 T20 T21 9S 10S JS NS QS KS",
    "T1 T3 T4 T5 T6 T7 T8 EX 6S 7S 8S 8C 9C 10C JC NC QC KC",
)
DESIGNED_DOG = "1H 2H 3H 4H 5H 6H"
DESIGNED_TRICKS = ("KH T14 T19 T5", "KS EX 5S 1C", "T9 T1 T2 2C")


def designed_deal() -> Deal:
    hands = tuple(tuple(parse_cards(h.split())) for h in DESIGNED_HANDS)
    deal = Deal.from_dealt(FFT, DealDealt(4, 3, hands, tuple(parse_cards(DESIGNED_DOG.split()))))
    for seat, bid in ((0, None), (1, "petite"), (2, "garde"), (3, None)):
        deal.execute(seat, Bid(bid))
    deal.execute(2, Discard(tuple(parse_cards(DESIGNED_DOG.split()))))
    deal.execute(2, DecideSlam(False))
    for trick in DESIGNED_TRICKS:
        for token in trick.split():
            deal.execute(deal.state.turn, Play(parse_card(token)))
    return play_out(deal, random.Random(3))


DESIGNED_EN = [
    "Deal 3 — West deals: 18 cards each, the dog is 6 cards",
    "South passes",
    "East bids Petite",
    "North bids Garde",
    "West passes",
    "The dog: 6 of Hearts, 5 of Hearts, 4 of Hearts, 3 of Hearts, 2 of Hearts, 1 of Hearts",
    "North discards 6 cards face down",
    "North does not announce a slam",
    "South leads the King of Hearts",
    "East trumps with the 14",
    "North overtrumps with the 19",
    "West undertrumps with the 5",
    "North wins trick 1 (6 points)",
    "North leads the King of Spades",
    "West plays the Excuse",
    "South follows with the 5 of Spades",
    "East cannot follow or trump: discards the 1 of Clubs",
    "North wins trick 2 (5.5 points); West keeps the Excuse and gives a half-point card",
    "North leads a trump, the 9",
    "West cannot go higher: plays the Petit",
    "South cannot go higher: plays the 2",
    "East has no trumps: discards the 2 of Clubs",
    "North wins trick 3 (6 points)",
]

DESIGNED_FR = [
    "Donne 3 — Ouest distribue : 18 cartes chacun, chien de 6 cartes",
    "Sud passe",
    "Est prend une Petite",
    "Nord prend une Garde",
    "Ouest passe",
    "Le chien : 6 de Cœur, 5 de Cœur, 4 de Cœur, 3 de Cœur, 2 de Cœur, 1 de Cœur",
    "Nord fait son écart : 6 cartes face cachée",
    "Nord n'annonce pas de chelem",
    "Sud entame du Roi de Cœur",
    "Est coupe avec le 14",
    "Nord surcoupe avec le 19",
    "Ouest sous-coupe avec le 5",
    "Nord remporte le pli 1 (6 points)",
    "Nord entame du Roi de Pique",
    "Ouest joue l'Excuse",
    "Sud fournit le 5 de Pique",
    "Est ne peut ni fournir ni couper et se défausse du 1 de Trèfle",
    "Nord remporte le pli 2 (5,5 points) ; Ouest garde l'Excuse et donne une carte d'un "
    "demi-point",
    "Nord entame atout : le 9",
    "Ouest ne peut pas monter et joue le Petit",
    "Sud ne peut pas monter et joue le 2",
    "Est n'a pas d'atout et se défausse du 2 de Trèfle",
    "Nord remporte le pli 3 (6 points)",
]


@pytest.mark.parametrize(("lang", "expected"), [("en", DESIGNED_EN), ("fr", DESIGNED_FR)])
def test_designed_deal_word_for_word(lang, expected):
    deal = designed_deal()
    lines = narrate(deal, names_for(4, lang), lang, deal_number=3)
    assert lines[:len(expected)] == expected
    assert len(lines) == len(deal.events)
    assert lines[-1].startswith("Deal over: North's Garde " if lang == "en"
                                else "Fin de la donne : Garde prise par Nord, ")


def lines_of(deal: Deal, lang: str = "en") -> list[str]:
    return narrate(deal, names_for(deal.players, lang), lang)


def line_for(deal: Deal, kind: type, lang: str = "en", last: bool = False) -> str:
    pairs = list(zip(deal.events, lines_of(deal, lang), strict=True))
    if last:
        pairs.reverse()
    return next(line for event, line in pairs if isinstance(event, kind))


def test_handful_petit_au_bout_and_score():
    # RULES.md §10, example 1: East's Garde, a simple handful, the Petit au bout, 49 points.
    deal = replay(EXAMPLE_1)
    assert line_for(deal, HandfulShown) == (
        "East shows a simple handful: 10 trumps (21, 17, 15, 14, 10, 9, 7, 6, 4, 3)")
    assert line_for(deal, HandfulShown, "fr") == (
        "Est montre une poignée simple : 10 atouts (21, 17, 15, 14, 10, 9, 7, 6, 4, 3)")
    assert line_for(deal, TrickWon, last=True) == (
        "East wins the last trick (6 points); Petit au bout for the taker's camp")
    assert line_for(deal, TrickWon, "fr", last=True) == (
        "Est remporte le dernier pli (6 points) ; Petit au bout pour le camp du preneur")
    assert lines_of(deal)[-1] == (
        "Deal over: East's Garde made by 8 points (49 points with 2 oudlers, 41 needed)"
        " — South \u2212106, East +318, North \u2212106, West \u2212106")
    assert lines_of(deal, "fr")[-1] == (
        "Fin de la donne : Garde prise par Est, passée de 8 points (49 points avec 2 bouts,"
        " il en fallait 41) — Sud \u2212106, Est +318, Nord \u2212106, Ouest \u2212106")


def test_slam_announced_and_made():
    deal = replay(EXAMPLE_5)
    lines = lines_of(deal)
    assert "North announces a slam and will lead the first trick" in lines
    assert lines[-1] == (
        "Deal over: North's Garde made by 46 points (87 points with 2 oudlers, 41 needed); "
        "slam announced and made — South \u2212582, East \u2212582, North +1746, West \u2212582")
    assert "Nord annonce un chelem et entamera le premier pli" in lines_of(deal, "fr")


def test_slam_won_by_the_excuse():
    deal = replay(SLAM_EXCUSE_LED)
    assert line_for(deal, TrickWon, last=True) == (
        "North wins the last trick with the Excuse, as a slam allows (14 points); "
        "Petit au bout for the taker's camp")


def test_the_excuse_in_the_last_trick_changes_camp_or_not():
    changes = line_for(replay(EXCUSE_LAST_TRICK), TrickWon, last=True)
    assert changes == (
        "West wins the last trick (3.5 points); "
        "the Excuse, played to the last trick, goes to the taker's camp")
    winner = replay(EXCUSE_LAST_TRICK, RULES["excuse_to_trick_winner"])
    assert line_for(winner, TrickWon, "fr", last=True) == (
        "Ouest remporte le dernier pli (8 points) ; "
        "l'Excuse, jouée au dernier pli, va à la défense")


def test_five_players_call_and_partner():
    deal = replay(FIVE_PARTNER)
    assert line_for(deal, KingCalled) == "North-East calls the King of Hearts"
    assert line_for(deal, KingCalled, "fr") == "Nord-Est appelle le Roi de Cœur"
    assert line_for(deal, PartnerRevealed) == "South is the partner (called King of Hearts)"
    assert line_for(deal, PartnerRevealed, "fr") == (
        "Sud est le partenaire (carte appelée : Roi de Cœur)")


def test_five_players_taker_alone():
    deal = replay(FIVE_ALONE)
    assert line_for(deal, KingCalled) == (
        "North-East calls the King of Diamonds, from their own hand: the taker plays alone")
    assert line_for(deal, PartnerRevealed, "fr") == (
        "Nord-Est joue la carte appelée (Roi de Carreau) : le preneur joue seul")


def test_called_card_in_the_dog():
    deal = replay(FIVE_PARTNER)
    before = fresh_before(deal, next(i for i, e in enumerate(deal.events)
                                     if isinstance(e, KingCalled)))
    nine = parse_card("9C")  # in the dog of that deal
    assert describe(KingCalled(2, nine), before, names_for(5, "fr"), "fr") == (
        "Nord-Est appelle le 9 de Trèfle, qui est au chien : le preneur joue seul")


def test_discard_with_trumps_shown_and_changed():
    deal = designed_deal()
    index = next(i for i, e in enumerate(deal.events) if isinstance(e, Discarded))
    before = fresh_before(deal, index)
    cards = tuple(parse_cards(["T5", "T9", "1H", "2H", "3H", "4H"]))
    shown = (parse_card("T9"), parse_card("T5"))
    names = names_for(4)
    assert describe(Discarded(2, cards, shown), before, names) == (
        "North discards 6 cards face down, including the 5 and 9 of trumps, shown to all")
    assert describe(Discarded(2, cards, shown[:1]), before, names_for(4, "fr"), "fr") == (
        "Nord fait son écart : 6 cartes face cachée, dont l'atout 9, montré à tous")
    after = fresh_before(deal, index + 1)
    three = (*shown, parse_card("T10"))
    assert describe(Discarded(2, cards, three), after, names_for(4, "fr"), "fr") == (
        "Nord refait son écart : 6 cartes face cachée, dont les atouts 5, 9 et 10, "
        "montrés à tous")


def test_cancelled_deals():
    fresh = DealState(FFT, 4)
    names = names_for(4)
    assert describe(DealCancelled("all_passed"), fresh, names) == (
        "Deal cancelled: everyone passed")
    assert describe(DealCancelled("petit_sec", 1), fresh, names_for(4, "fr"), "fr") == (
        "Donne annulée : Est a le Petit sec")
    deal = Deal.new(FFT, 4, 0, 1)
    while not deal.is_over:
        deal.execute(deal.state.turn, Bid(None))
    assert lines_of(deal)[-1] == "Deal cancelled: everyone passed"
    assert lines_of(deal, "fr")[-1] == "Donne annulée : tout le monde a passé"


def test_misere_lines():
    names = names_for(3)
    before = DealState(RULES["miseres"], 3)
    assert describe(MisereAnnounced(2, "trump"), before, names) == (
        "West announces a misère (no trumps)")
    assert describe(MisereAnnounced(2, "heads"), before, names_for(3, "fr"), "fr") == (
        "Ouest annonce une misère de têtes (ni tête ni bout)")


def test_handful_with_the_excuse():
    before = DealState(FFT, 4)
    cards = (C.EXCUSE, *range(C.FIRST_TRUMP + 9, C.EXCUSE))  # the Excuse and 10 to 21
    assert describe(HandfulShown(1, cards), before, names_for(4)) == (
        "East shows a double handful: 12 trumps and the Excuse "
        "(21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, Excuse)")


def test_scored_without_a_contract_keeps_to_the_scores():
    before = DealState(FFT, 3)
    assert describe(DealScored((2, -1, -1)), before, names_for(3, "fr"), "fr") == (
        "Fin de la donne : Sud +2, Est \u22121, Ouest \u22121")


def test_card_words():
    queen, excuse, petit = parse_card("QS"), C.EXCUSE, C.PETIT
    assert [card_text(c, "fr", "of") for c in (queen, excuse, petit, parse_card("KH"))] == [
        "de la Dame de Pique", "de l'Excuse", "du Petit", "du Roi de Cœur"]
    assert [card_text(c, "fr", "the") for c in (queen, excuse, parse_card("T14"))] == [
        "la Dame de Pique", "l'Excuse", "le 14"]
    assert [card_text(c, "en", "the") for c in (parse_card("NC"), petit)] == [
        "the Knight of Clubs", "the Petit"]


def test_short_names_fall_back_to_seats_and_logs_narrate_alone():
    deal = replay(EXAMPLE_1)
    events: list[Event] = deal.events
    lines = narrate_events(FFT, events, ["Ann"], "en")
    assert lines[:3] == [
        "West deals: 18 cards each, the dog is 6 cards", "Ann passes", "East bids Garde"]
    assert narrate_events(FFT, [], ["Ann"]) == []


def test_told_as_a_seat_saw_it_the_lines_keep_what_it_did_not_know(many_deals):
    """As I saw it: where a called king lay (in the dog, in the caller's hand) is told only to
    who knew it, and where the Excuse goes only once the seat knows the camps."""
    from engine.events import KingCalled
    from engine.views import view_for

    told = {"dog": 0, "own": 0, "excuse hidden": 0}
    for deal in many_deals[5]:
        names = names_for(5)
        states = [fresh_before(deal, 0), *deal.states()]
        opened = narrate(deal, names)
        for seat in range(5):
            seen = narrate(deal, names, seat=seat)
            for i, event in enumerate(deal.events):
                if isinstance(event, KingCalled):
                    told["dog"] += "which is in the dog" in opened[i]
                    assert "which is in the dog" not in seen[i]
                    if "from their own hand" in opened[i]:
                        told["own"] += 1
                        assert ("from their own hand" in seen[i]) == (seat == event.seat)
                if "keeps the Excuse" in opened[i] and "keeps the Excuse" not in seen[i]:
                    assert not view_for(states[i], seat).partner_known
                    told["excuse hidden"] += 1
                elif "keeps the Excuse" in seen[i]:
                    assert view_for(states[i], seat).partner_known
    assert all(told.values()), told  # each case came up
