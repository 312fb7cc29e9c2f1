"""The player's statistics from hand-made history folders of real deals."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.saves import load_deal
from game.app import paths
from game.history.archive import list_deals
from game.history.stats import PLAYER_COUNTS, compute_stats, count_stats
from tests.helpers.apps import shut
from tests.helpers.history_deals import archive, day, play_deal


def seat0(path: Path) -> int:
    deal, _ = load_deal(path)
    assert deal.result is not None
    return deal.result.scores[0]


def test_statistics_per_player_count_from_seat_0(home: Path) -> None:
    made = archive(play_deal(4, 1, taker=0, made=True), day(0))
    lost = archive(play_deal(4, 2, taker=0, made=False, contract="garde_sans"), day(1))
    other = archive(play_deal(4, 3, taker=2, bots=True), day(2))
    archive(play_deal(4, 4, taker=0, made=True, contract="garde_contre"), day(3),
            practised=True)  # left out
    archive(play_deal(4, 5, taker=None), day(4))  # cancelled
    (paths.history_dir() / "20240601-120000-4p.json").write_text("{", encoding="utf-8")
    (paths.history_dir() / "junk.json").write_bytes(b"\x00")  # player count unknown
    three = archive(play_deal(3, 6, taker=0, made=True), day(5))
    stats = compute_stats(list_deals())

    four = stats[4]
    assert (four.deals, four.taken, four.made) == (3, 2, 1)
    assert (four.cancelled, four.practised, four.problems) == (1, 1, 1)
    scores = {p: seat0(p) for p in (made, lost, other)}
    assert four.total == sum(scores.values())
    assert four.average == pytest.approx(sum(scores.values()) / 3)
    assert four.take_rate == pytest.approx(2 / 3)
    assert four.made_rate == pytest.approx(1 / 2)
    best = max(scores, key=lambda p: scores[p])
    assert four.best is not None and four.best.path == best
    assert four.best_score == scores[best]
    assert four.best.date == day([made, lost, other].index(best))

    trio = stats[3]
    assert (trio.deals, trio.taken, trio.made, trio.total) == (1, 1, 1, seat0(three))
    assert trio.made_rate == 1.0 and trio.take_rate == 1.0
    assert trio.best is not None and trio.best.path == three

    five = stats[5]
    assert five.empty and five.deals == 0
    assert five.take_rate is None and five.made_rate is None and five.average is None
    assert five.best is None and five.best_score is None

    assert (stats.cancelled, stats.practised, stats.problems) == (1, 1, 2)
    assert stats.problems_unknown == 1
    assert [c.players for c in stats.rows()] == list(PLAYER_COUNTS)
    assert [c.players for c in stats.rows(4)] == [4]


def test_a_taker_who_never_made_it_and_a_player_who_never_took(home: Path) -> None:
    archive(play_deal(5, 7, taker=0, made=False), day(0))
    archive(play_deal(5, 8, taker=3), day(1))
    archive(play_deal(3, 9, taker=1), day(2))
    stats = compute_stats(list_deals())
    assert (stats[5].deals, stats[5].taken, stats[5].made) == (2, 1, 0)
    assert stats[5].made_rate == 0.0
    assert (stats[3].deals, stats[3].taken) == (1, 0)
    assert stats[3].take_rate == 0.0 and stats[3].made_rate is None


def test_the_best_deal_on_a_tie_is_the_later_one(home: Path) -> None:
    deal = play_deal(4, 10, taker=0)
    first = archive(deal, day(0))
    again = archive(deal, day(3))  # the same deal, the same score, played later
    best = count_stats(4, list_deals()).best
    assert best is not None and best.path == again != first


def test_nothing_counted_in_an_empty_or_missing_history(home: Path) -> None:
    stats = compute_stats(list_deals())
    assert all(stats[n].empty for n in PLAYER_COUNTS)
    assert (stats.cancelled, stats.practised, stats.problems) == (0, 0, 0)
    archive(play_deal(4, 11), day(0), practised=True)
    stats = compute_stats(list_deals())
    assert stats[4].empty and stats[4].practised == 1


def test_what_the_figures_leave_out_is_said_in_the_players_language(home: Path) -> None:
    from game.app.settings import Settings
    from game.app.window import App
    from game.history.archive import DealEntry
    from game.menus.statistics import StatsScene

    app = App(Settings(sound=False, language="fr"), size=(1024, 600))
    scene = StatsScene(app)
    entries = [DealEntry(home / f"{i}.json", 4, scores=[1, -1, 0, 0], taker="A", taker_seat=0,
                         contract="garde", challenge="yours", practised=i == 0,
                         autoplay=i == 1) for i in range(4)]
    entries[0] = DealEntry(home / "0.json", 4, scores=[1, -1, 0, 0], practised=True)
    entries[1] = DealEntry(home / "1.json", 4, scores=[1, -1, 0, 0], autoplay=True)
    scene.stats = compute_stats(entries)
    text = scene.left_out()
    assert "1 d'entraînement" in text and "1 jouée par l'ordinateur" in text, text
    assert "2 donnes de défi" in text and "challenge" not in text, text
    shut(app)
