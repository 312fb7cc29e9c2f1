"""The player's statistics from hand-made history folders of real deals: the figures, the
deals taken by contract, and the chart of the results week by week."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pygame
import pytest

from engine.saves import load_deal
from game.app import paths
from game.app.window import App
from game.history.archive import DealEntry, list_deals
from game.history.reader import Listing
from game.history.reviews import REVIEW, Review
from game.history.stats import PLAYER_COUNTS, compute_stats, count_stats
from game.menus.chart import WEEKS
from game.menus.statistics import VIEWS, StatsScene
from tests.helpers.apps import open_app, shut
from tests.helpers.history_deals import archive, day, play_deal
from tests.helpers.replay import Replay, played_deal, quick_analysis
from tests.helpers.screens import click, key, open_menu, step, top


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


# --- by contract -----------------------------------------------------------------------------

#: The player's takes of a seeded history: players, contract, made.
TAKES = [(4, "petite", True), (4, "petite", False), (4, "garde", True), (4, "garde", True),
         (4, "garde", False), (4, "garde_sans", False), (4, "garde_contre", True),
         (3, "garde", True), (3, "garde", False), (5, "garde_sans", True)]


def seeded_takes() -> None:
    """The takes of :data:`TAKES`, and deals that must not count as the player's takes: one
    another seat took, one practised, one played by the computer, one cancelled."""
    for i, (players, contract, made) in enumerate(TAKES):
        archive(play_deal(players, 20 + i, taker=0, contract=contract, made=made), day(i),
                number=i + 1)
    archive(play_deal(4, 40, taker=2, contract="garde"), day(12), number=40)
    archive(play_deal(4, 41, taker=0, contract="garde", made=True), day(13), number=41,
            practised=True)
    archive(play_deal(4, 42, taker=0, contract="petite"), day(14), number=42, autoplay=True)
    archive(play_deal(4, 43, taker=None), day(15), number=43)


def counted_here() -> dict[tuple[int, str], tuple[int, int, int]]:
    """Per player count and contract, from the files themselves: the player's takes, those
    made, and the player's scores on them added up."""
    found: dict[tuple[int, str], tuple[int, int, int]] = {}
    for path in paths.history_dir().glob("*.json"):
        deal, meta = load_deal(path)
        result = deal.result
        if meta.get("practised") or meta.get("autoplay") or result is None or result.taker:
            continue
        taken, made, total = found.get((deal.players, result.contract), (0, 0, 0))
        found[(deal.players, result.contract)] = (taken + 1, made + result.made,
                                                  total + result.scores[0])
    return found


def test_statistics_by_contract_count_the_players_takes(app: App) -> None:
    seeded_takes()
    expected = counted_here()
    assert sum(taken for taken, _, _ in expected.values()) == len(TAKES)
    stats = compute_stats(list_deals())
    for players in PLAYER_COUNTS:
        for figures in stats[players].contracts:
            taken, made, total = expected.get((players, figures.contract), (0, 0, 0))
            assert (figures.taken, figures.made, figures.total) == (taken, made, total)
            if taken:
                assert figures.made_rate == pytest.approx(made / taken)
                assert figures.average == pytest.approx(total / taken)
            else:
                assert figures.made_rate is None and figures.average is None
        assert sum(c.taken for c in stats[players].contracts) == stats[players].taken
        assert sum(c.made for c in stats[players].contracts) == stats[players].made

    # on the screen: the menu's Statistics, then the "By contract" tab
    menu = open_menu(app)
    click(app, menu.buttons[menu.keys.index("statistics")].rect.center)
    scene = top(app)
    assert isinstance(scene, StatsScene)
    click(app, scene.view_rects[VIEWS.index("stats_view_contracts")].center)
    assert scene.view == "stats_view_contracts"
    assert scene.lines == ["petite", "garde", "garde_sans", "garde_contre"]
    for column in scene.columns:
        for contract in scene.lines:
            taken, made, total = expected.get((column.players, contract), (0, 0, 0))
            text, detail = scene.cell(contract, column)
            if not taken:
                assert (text, detail) == ("—", "")
                continue
            assert text == f"taken {taken} · made {made} ({round(100 * made / taken)}%)"
            average = total / taken
            sign = "+" if average > 0 else "\u2212" if average < 0 else ""
            assert detail == f"average {sign}{abs(average):.1f}"
    key(app, pygame.K_RIGHT)  # the 3-player column alone
    assert [c.players for c in scene.columns] == [3]
    key(app, pygame.K_TAB)
    assert scene.view == "stats_view_time"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.view == "stats_view_contracts"


# --- the chart of the results over time --------------------------------------------------------


def test_the_chart_shows_each_weeks_average_and_flagged_choices(app: App) -> None:
    """Deals over three weeks (one left empty), some reviewed: the bars stand for what the
    files say, counted here independently."""
    days = [0, 1, 5, 6, 19, 20, 20]  # 2024-05-01 is a Wednesday
    reviews = {1: Review(14, 2, 30.5), 4: Review(11, 0, 0.0), 5: Review(12, 3, 61.0)}
    for i, offset in enumerate(days):
        taker = 0 if i % 2 else 1
        archive(play_deal(4, 60 + i, taker=taker), day(offset), number=i + 1,
                **({REVIEW: reviews[i].saved()} if i in reviews else {}))
    archive(play_deal(4, 70, taker=0), day(2), number=70, practised=True,
            review=Review(10, 9, 99.0).saved())  # left out, review and all
    weeks: dict[dt.date, list[tuple[int, Review | None]]] = {}
    for path in paths.history_dir().glob("*.json"):
        deal, meta = load_deal(path)
        if meta.get("practised"):
            continue
        when = dt.datetime.fromisoformat(meta["date"]).date()
        start = when - dt.timedelta(days=when.weekday())
        weeks.setdefault(start, []).append((deal.scores[0], Review.from_saved(meta.get(REVIEW))))
    assert len(weeks) == 3

    menu = open_menu(app)
    click(app, menu.buttons[menu.keys.index("statistics")].rect.center)
    scene = top(app)
    assert isinstance(scene, StatsScene)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.view == "stats_view_time"
    points = scene.chart.points()
    assert [week.start for week, _, _ in points] == [
        min(weeks) + dt.timedelta(weeks=n) for n in range(4)]  # the empty week too
    for week, average, flags in points:
        deals = weeks.get(week.start, [])
        scores = [score for score, _ in deals]
        reviewed = [review for _, review in deals if review is not None]
        assert week.deals == len(deals)
        assert average == (pytest.approx(sum(scores) / len(scores)) if scores else None)
        assert flags == (pytest.approx(sum(r.flagged for r in reviewed) / len(reviewed))
                         if reviewed else None)
    # the bars are where the values say: higher average, higher bar top
    upper = scene.chart.plots[0]
    tops = {value: upper.y_of(value) for _, value, _ in points if value is not None}
    assert sorted(tops, reverse=True) == sorted(tops, key=lambda v: tops[v])
    # the mouse over a week tells its figures
    x, width = upper.x_of(0)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + width // 2, upper.rect.centery),
                                    rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    first = points[0][0]
    assert scene.chart.tooltip()[0] == f"Week of {first.start.isoformat()}: {first.deals} deals"


def entries_over_weeks(count: int) -> list[DealEntry]:
    """``count`` scored deals of the player's, one a day from 2024-05-01, a third reviewed."""
    return [DealEntry(Path(f"{i}.json"), 4, day(i), scores=[i % 7 - 3, 3 - i % 7, 0, 0],
                      taker="A", taker_seat=0, contract="garde", made=i % 3 == 0,
                      deal_key=f"m:{i}", review=Review(10, i % 4, 5.0) if i % 3 == 0 else None)
            for i in range(count)]


@pytest.mark.parametrize("count", [0, 1, 500])
@pytest.mark.parametrize(("size", "lang"), [((1024, 600), "en"), ((1920, 1080), "fr")])
def test_the_chart_draws_with_no_deal_one_and_many(count: int, size: tuple[int, int],
                                                   lang: str) -> None:
    app = open_app(size, language=lang)
    scene = StatsScene(app)
    app.push(scene)
    step(app)
    scene.took(Listing(stats=compute_stats(entries_over_weeks(count))))
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.view == "stats_view_time"
    weeks = scene.stats.trend().weeks
    points = scene.chart.points()
    assert len(points) == min(WEEKS, len(weeks))
    assert [week for week, _, _ in points] == list(weeks[-WEEKS:])
    assert sum(week.deals for week in weeks) == count
    if count:
        plot = scene.chart.plots[0]
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=plot.rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0)))
        step(app)
        assert scene.chart.hover is not None and scene.chart.tooltip()
    if count == 500:
        assert len(weeks) > WEEKS  # a long history: the last year is shown
    shut(app)


def test_a_review_that_finishes_is_kept_with_the_deal_and_charted(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished deals, Enter: the replay viewer reviews the deal; once every decision is
    judged, what it found is kept in the deal's file, and the chart's week counts it."""
    from game.menus.deals import FinishedDealsScene
    from game.replay.viewer import ReplayScene

    quick_analysis(monkeypatch)
    deal = played_deal(4, 17, seat_0="random")  # seat 0 at random: choices to flag
    path = archive(deal, day(3), number=1)
    before = load_deal(path)
    menu = open_menu(app)
    click(app, menu.buttons[menu.keys.index("finished_deals")].rect.center)
    deals = top(app)
    assert isinstance(deals, FinishedDealsScene)
    key(app, pygame.K_RETURN)
    viewer = top(app)
    assert isinstance(viewer, ReplayScene)
    analysis = viewer.analysis
    assert analysis.keep_in == path
    assert analysis.wait(240)
    step(app, 2)
    assert analysis.keeper is not None
    analysis.keeper.join(30)
    found = analysis.found()
    assert found is not None and found.flagged == len(analysis.mistakes()) > 0
    kept, meta = load_deal(path)
    assert Review.from_saved(meta[REVIEW]) == Review(found.decisions, found.flagged,
                                                    round(found.cost, 1))
    assert kept.events == deal.events and meta["date"] == before[1]["date"]
    key(app, pygame.K_ESCAPE)
    assert top(app) is deals
    key(app, pygame.K_s)  # the statistics, from the list
    scene = top(app)
    assert isinstance(scene, StatsScene)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    [(week, average, flags)] = scene.chart.points()
    assert (week.deals, week.reviewed, week.flagged) == (1, 1, found.flagged)
    assert average == deal.scores[0] and flags == found.flagged


def test_a_review_is_kept_only_with_a_deal_of_the_history(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A saved deal opened from elsewhere (``tarot replay FILE``) is left as it is."""
    from game.replay.files import load_replay_file
    from game.replay.viewer import open_replay

    quick_analysis(monkeypatch)
    archive(played_deal(3, 5, seat_0="random"), day(0), folder=tmp_path)
    [path] = tmp_path.glob("*.json")
    before = path.read_bytes()
    app = open_app((1024, 600))
    board = Replay(open_replay(app, load_replay_file(path)), app)
    assert board.scene.analysis.keep_in is None
    board.finish_analysis()
    assert board.scene.analysis.keeper is None and path.read_bytes() == before
    shut(app)
