"""The duplicate arena: fair, reproducible, plugs in bots by name or module:factory."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

from engine.ai import arena
from engine.ai.arena import (
    BotSpecError,
    accepts_budget,
    build_bot,
    display_name,
    play_duplicate,
    resolve_factory,
    summarise,
)
from tests.helpers.paths import ROOT

LOWEST = "examples/lowest_bot.py:make"


def outcomes(records: list[arena.DealRecord]) -> list[tuple[object, ...]]:
    return [r.outcome() for r in records]


def figures(summary: arena.Summary) -> dict[str, object]:
    """A summary without its timings (which vary from run to run)."""
    data = arena.summary_to_dict(summary)
    for side in ("a", "b"):
        for key in ("median_ms", "p95_ms", "max_ms"):
            data[side].pop(key)
        data[side]["by_kind"] = {kind: timing["decisions"]
                                 for kind, timing in data[side]["by_kind"].items()}
    return data


@pytest.mark.parametrize(("bot", "field", "players"), [
    ("random", "random", 4),
    ("random", "simple", 3),
    ("simple", "random", 5),
])
def test_a_bot_against_itself_differs_by_exactly_zero(bot: str, field: str,
                                                      players: int) -> None:
    records = play_duplicate(bot, bot, players=players, deals=3, seed=7, field=field)
    assert len(records) == 3
    for record in records:
        assert len(record.seats) == players
        for seat in record.seats:
            assert seat.a == seat.b
        assert record.difference == 0
    summary = summarise(records)
    assert summary.mean_difference == 0 and summary.sd == 0
    assert summary.samples == 3 * players


def test_the_same_seed_gives_the_same_run_whatever_the_jobs() -> None:
    one = play_duplicate("simple", "random", players=4, deals=4, seed=3)
    again = play_duplicate("simple", "random", players=4, deals=4, seed=3)
    two_jobs = play_duplicate("simple", "random", players=4, deals=4, seed=3, jobs=2)
    assert outcomes(one) == outcomes(again) == outcomes(two_jobs)
    assert figures(summarise(one)) == figures(summarise(two_jobs))
    other = play_duplicate("simple", "random", players=4, deals=4, seed=4)
    assert outcomes(other) != outcomes(one)


def test_worker_processes_do_not_inherit_the_callers_signal_handlers(
        tmp_path: pathlib.Path) -> None:
    """A window's process has SDL's SIGTERM handler. Forked workers would inherit it and
    could shrug off the pool's SIGTERM while waiting on the task queue, hanging the pool's
    exit (a race: seen in the suite, not on demand). The workers must start afresh, which a
    handler set in the caller shows: a bot that sees it in its worker leaves a mark."""
    module = tmp_path / "signal_bots.py"
    module.write_text(textwrap.dedent(f"""
        import signal
        from engine.ai.random_bot import RandomBot

        MARK = {str(tmp_path / "inherited")!r}

        class Fresh(RandomBot):
            def decide(self, view, stop=None):
                if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
                    open(MARK, "w").close()
                return super().decide(view, stop)

        def fresh(seed):
            return Fresh(seed)
    """))
    script = textwrap.dedent(f"""
        import signal
        from engine.ai.arena import play_duplicate
        signal.signal(signal.SIGTERM, lambda *_: None)
        print(len(play_duplicate("{module}:fresh", "random", players=4, deals=4, jobs=2)))
    """)
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # SIGKILL: the script itself shrugs off SIGTERM
        process.communicate()
        pytest.fail("the pool's workers did not end")
    assert process.returncode == 0, err[-2000:]
    assert out.strip() == "4"
    assert not (tmp_path / "inherited").exists(), "a worker inherited its caller's handler"


def test_every_deal_is_the_same_cards_for_both_bots() -> None:
    records = play_duplicate("simple", "random", players=3, deals=2, seed=11)
    for record in records:
        assert record.deal_seed == arena.deal_seed(11, 3, record.number)
        assert record.dealer == record.number % 3
        assert [s.seat for s in record.seats] == [0, 1, 2]


def test_simple_beats_random() -> None:
    records = play_duplicate("simple", "random", players=4, deals=12, seed=1)
    summary = summarise(records, "simple", "random")
    assert summary.mean_difference > 50
    assert summary.a.illegal == summary.b.illegal == summary.field_illegal == 0
    assert summary.a.decisions > 0 and summary.a.median_ms is not None


def test_the_example_bot_plugs_in_by_file_and_by_module() -> None:
    by_file = resolve_factory(LOWEST)
    by_module = resolve_factory("examples.lowest_bot:LowestBot")
    assert by_file(0).name == by_module().name == "lowest"
    records = play_duplicate(LOWEST, "random", players=4, deals=6, seed=2)
    summary = summarise(records, "lowest", "random")
    assert summary.a.illegal == summary.a.errors == 0
    assert summary.mean_difference > 0


def test_the_example_in_the_guide_is_the_example_file() -> None:
    guide = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", guide, re.S)
    code = (ROOT / "examples" / "lowest_bot.py").read_text(encoding="utf-8")
    assert code in blocks


@pytest.mark.parametrize(("spec", "message"), [
    ("grandmaster", "unknown bot 'grandmaster' (known bots: "),
    ("no_such_file.py:make", "no such file"),
    ("examples/lowest_bot.py:nothing", "has no attribute 'nothing'"),
    ("engine.no_such_module:Bot", "cannot import 'engine.no_such_module'"),
    ("engine.cards:DECK_SIZE", "is not callable"),
    ("engine.actions:Play", "no decide(view) method"),
    ("examples/lowest_bot.py:", "expected module:factory"),
])
def test_bad_bot_names_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=re.escape(message)) as caught:
        play_duplicate(spec, "random", deals=1)
    if spec == "grandmaster":
        assert "random" in str(caught.value) and "simple" in str(caught.value)


def test_budget_goes_to_factories_that_take_it(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "budget_bots.py"
    module.write_text(textwrap.dedent("""
        from engine.ai.random_bot import RandomBot

        class Timed(RandomBot):
            def __init__(self, seed, budget=1.0):
                super().__init__(seed)
                self.name = f"timed {budget}"

        def loose(seed, **options):
            bot = RandomBot(seed)
            bot.name = f"loose {options.get('budget')}"
            return bot

        def plain(seed):
            return RandomBot(seed)
    """))
    timed, loose, plain = (resolve_factory(f"{module}:{n}") for n in ("Timed", "loose", "plain"))
    assert accepts_budget(timed) and accepts_budget(loose) and not accepts_budget(plain)
    assert build_bot(f"{module}:Timed", 1, budget=0.25).name == "timed 0.25"
    assert build_bot(f"{module}:Timed", 1).name == "timed 1.0"
    assert build_bot(f"{module}:loose", 1, budget=2).name == "loose 2"
    assert build_bot(f"{module}:plain", 1, budget=2).name == "random"


def test_illegal_answers_are_counted_and_replaced(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "bad_bots.py"
    module.write_text(textwrap.dedent("""
        from engine.actions import Play
        from engine.ai.simple_bot import SimpleBot

        class Cheat(SimpleBot):
            name = "cheat"

            def play(self, view):
                return Play(77 if 77 not in view.legal_plays else view.legal_plays[0])

        class Crash(SimpleBot):
            name = "crash"

            def bid(self, view):
                raise RuntimeError("no idea")
    """))
    records = play_duplicate(f"{module}:Cheat", "simple", players=3, deals=2, seed=5,
                             field=f"{module}:Crash")
    summary = summarise(records)
    assert summary.a.illegal > 0 and summary.b.illegal == 0
    assert summary.field_errors > 0 and summary.field_illegal == 0
    assert any("raised RuntimeError: no idea" in f for f in summary.faults)
    assert any("seat" in f and "EX" in f for f in summary.faults)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine.ai.arena", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_command_line_prints_the_figures() -> None:
    done = run_cli("--players", "4", "--deals", "4", "random", "simple")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "4 players: 4 duplicate deals, 16 samples" in out
    assert re.search(r"A - B: [+-]\d+\.\d points per deal, 95% CI \[", out)
    for label in ("take rate", "contracts made", "decision ms, median",
                  "decision ms, 95th pct", "decision ms, max", "illegal actions"):
        assert label in out


def test_the_command_line_speaks_json_and_plugs_in_files() -> None:
    done = run_cli("--players", "3", "5", "--deals", "2", "--json", LOWEST, "random")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [r["players"] for r in data["results"]] == [3, 5]
    assert data["results"][0]["a"]["name"] == "lowest"
    assert data["results"][0]["samples"] == 6


def test_the_command_line_rejects_a_bad_bot_name() -> None:
    done = run_cli("--deals", "1", "simple", "grandmaster")
    assert done.returncode == 2
    assert "unknown bot 'grandmaster'" in done.stderr
    assert done.stdout == ""


def test_options_in_a_spec_go_to_the_factory(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "option_bots.py"
    module.write_text(textwrap.dedent("""
        from engine.ai.random_bot import RandomBot

        def tuned(seed, budget=1.0, depth=2, style="calm"):
            bot = RandomBot(seed)
            bot.name = f"tuned {budget} {depth} {style}"
            return bot
    """))
    spec = f"{module}:tuned,depth=5,style=bold"
    assert arena.split_spec(spec) == (f"{module}:tuned", {"depth": 5, "style": "bold"})
    assert build_bot(spec, 1).name == "tuned 1.0 5 bold"
    assert build_bot(spec, 1, budget=0.5).name == "tuned 0.5 5 bold"
    assert build_bot(f"{spec},budget=3", 1, budget=0.5).name == "tuned 3 5 bold"
    with pytest.raises(BotSpecError, match="takes no option 'width'"):
        build_bot(f"{module}:tuned,width=3", 1)
    with pytest.raises(BotSpecError, match="expected key=value"):
        build_bot(f"{module}:tuned,5", 1)
    assert arena.canonical_spec("examples/lowest_bot.py:make,x=1").endswith(
        "examples/lowest_bot.py:make,x=1")


def test_a_run_keeps_its_records_and_resumes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "run.jsonl"
    first = run_cli("--players", "3", "--deals", "3", "--records", str(path), "simple", "random")
    assert first.returncode == 0, first.stderr
    assert len(path.read_text().splitlines()) == 3
    again = run_cli("--players", "3", "--deals", "5", "--records", str(path), "simple", "random",
                    "--json")
    assert len(path.read_text().splitlines()) == 5  # only the two new deals were played
    whole = run_cli("--players", "3", "--deals", "5", "simple", "random", "--json")
    resumed, fresh = json.loads(again.stdout), json.loads(whole.stdout)
    assert resumed["results"][0]["mean_difference"] == fresh["results"][0]["mean_difference"]
    with path.open("a") as out:
        out.write('{"run": {"cut sh')  # a run stopped in the middle of a line
    records = arena.workers.load_records(path, arena.workers.run_key(arena.ArenaConfig(
        "simple", "random", "random", 1, None, "fft")))
    assert [r.number for r in records] == [0, 1, 2, 3, 4]


def test_the_detail_shows_takes_per_contract_and_times_per_kind() -> None:
    records = play_duplicate("simple", "random", players=5, deals=3, seed=2)
    summary = summarise(records, "simple", "random")
    assert sum(t for t, _ in summary.b.contracts.values()) == summary.b.takes
    assert sum(m for _, m in summary.b.contracts.values()) == summary.b.made
    assert summary.a.by_kind["bid"].decisions == sum(
        1 for r in records for k in r.kinds["a"] if k == "bid")
    assert sum(t.decisions for t in summary.a.by_kind.values()) == summary.a.decisions
    text = arena.format_summary(summary, detail=True)
    assert "ms card (n: med/p95/max)" in text and "ms bid" in text
    assert any(line.strip().startswith("takes: ") for line in text.splitlines())


def test_a_bot_of_another_checkout_plays_through_a_server() -> None:
    """The checkout here stands in for an earlier one: its simple bot, run in a server
    process, plays exactly like the simple bot of this process."""
    spec = f"engine.ai.arena.checkout:bot,path={ROOT},name=simple"
    records = play_duplicate("simple", spec, players=4, deals=2, seed=4, field="random")
    summary = summarise(records)
    assert summary.b.decisions > 0 and summary.b.illegal == summary.b.errors == 0
    assert all(record.difference == 0 for record in records)
    assert display_name(spec) == f"simple@{ROOT.name}"
    with pytest.raises(BotSpecError, match="not a checkout"):
        build_bot("engine.ai.arena.checkout:bot,path=/,name=simple", 1)


def test_a_table_of_one_bot_counts_its_contracts_and_the_petits_fate(
        capsys: pytest.CaptureFixture[str]) -> None:
    from engine.ai.arena import table

    figures = table.play("simple", 4, 30, seed=2)
    assert figures.deals == 30 and 0 < figures.takes <= 30
    assert figures.made == sum(made for _, made in figures.by_contract.values())
    assert figures.takes == sum(taken for taken, _ in figures.by_contract.values())
    for camp in (0, 1):
        assert 0 <= figures.petit_lost[camp] <= figures.petit_held[camp]
    assert sum(figures.petit_held) > 10  # the Petit is played in most deals taken
    assert table.main(["simple", "--players", "3", "--deals", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("simple, 3 players, 4 deals") and "Petit held by the defence" in out
    assert table.main(["no-such-bot", "--deals", "1"]) == 2


def test_a_table_keeps_its_deals_as_records_a_review_reads(tmp_path: pathlib.Path) -> None:
    from engine.ai.arena import table
    from engine.record import load_record

    folder = tmp_path / "deals"
    assert table.main(["simple", "--players", "5", "--deals", "3", "--records",
                       str(folder)]) == 0
    kept = sorted(folder.iterdir())
    assert [p.name for p in kept] == ["deal-0000.yaml", "deal-0001.yaml", "deal-0002.yaml"]
    for path in kept:
        deal = load_record(path.read_text())
        assert deal.players == 5 and deal.is_over
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert table.main(["simple", "--deals", "1", "--records", str(blocked / "x")]) == 2
