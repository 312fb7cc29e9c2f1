"""The table scene, driven like a player would: real mouse events posted to pygame's queue at
the positions of the card sprites, one frame at a time, with instant animations.

The bots think on the controller's worker thread; the harness gives that thread a moment
whenever a bot is thinking, so the tests stay quick. Everything else is seeded.
"""

from __future__ import annotations

import random

import pygame
import pytest

from engine import cards as C
from engine import choices as O
from engine.actions import Bid, Call, DecideSlam
from engine.ai import make_bot
from engine.deal import Deal
from engine.match import Match
from engine.rules import load_rules
from engine.state import Phase
from game.app.i18n import suit_name, tr
from tests.helpers.faces import corner, is_head, is_plain
from tests.helpers.table import (
    DT,
    Table,
    become_taker,
    make_discard,
    taken_by_the_player,
    the_taker,
)


def expected_refusal(view, card: int) -> str:
    """The sentence the table should give for an illegal card, worked out independently."""
    trick = list(view.trick.cards)
    lead = trick[1] if trick[0] == C.EXCUSE and len(trick) > 1 else trick[0]
    suit = C.SUIT_OF[lead]
    hand = view.hand_mask
    if suit != C.TRUMP and hand & C.SUIT_MASKS[suit]:
        return f"You must follow {suit_name(suit)}."
    high = max((C.RANK_OF[c] for c in trick if C.is_trump(c)), default=0)
    above = [c for c in view.hand if C.is_trump(c) and C.RANK_OF[c] > high]
    if high and above:
        return f"You must play a trump higher than the {high}."
    if suit == C.TRUMP:
        return "Trumps were led: you must play a trump."
    return f"You have no {suit_name(suit)}: you must play a trump."


# --- tests ---------------------------------------------------------------------------------------


def test_the_discard_is_made_by_dragging_cards_into_the_zone():
    with Table(seed=3) as table:
        become_taker(table)
        scene = table.scene
        assert scene.editor.open
        assert len(scene.hand) == 24
        zone = scene.layout.discard_rect.center
        options = O.discard_options(scene.view)
        assert options.trumps_needed == 0

        # a king (or an oudler, or a trump) is refused with a reason and stays in the hand
        refused = next(c for c in scene.hand.order
                       if c in C.cards_of(C.KING_MASK) or C.is_trump(c) or c == C.EXCUSE)
        table.drag(table.card_point(refused), zone)
        assert refused in scene.hand and not scene.editor.zone
        expected = ("Kings may not be discarded." if refused in C.cards_of(C.KING_MASK)
                    else "Oudlers (the 21, the Petit and the Excuse) may not be discarded."
                    if C.is_oudler(refused)
                    else "Trumps may be discarded only when you have too few other cards.")
        assert scene.toast.text == expected

        chosen = C.cards_of(options.allowed)[:6]
        for card in chosen[:5]:
            table.drag(table.card_point(card), zone)
        assert [s.card for s in scene.editor.zone] == chosen[:5]
        assert not scene.editor.complete()
        # one goes back to the hand by dragging it out of the zone, then in again by a click
        back = scene.editor.zone[0]
        table.drag((round(back.x), round(back.y)), table.card_point(scene.hand.order[0]))
        assert chosen[0] in scene.hand and len(scene.editor.zone) == 4
        table.click(table.card_point(chosen[0]))
        table.drag(table.card_point(chosen[5]), zone)
        assert sorted(s.card for s in scene.editor.zone) == sorted(chosen)
        assert scene.editor.complete()
        assert len(scene.hand) == 18

        # the Confirm button sends the discard
        events_before = len(table.match.current.events)
        table.click(scene.editor.confirm_button.rect.center)
        table.settle()
        deal = table.match.current
        assert len(deal.events) > events_before
        assert sorted(C.cards_of(deal.state.discard)) == sorted(chosen)
        assert not scene.editor.open and not scene.editor.zone
        assert sorted(scene.hand.order) == sorted(scene.view.hand)
        assert deal.state.phase is Phase.SLAM


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_the_engine_gives_is_put_into_words(lang):
    """Each reason, with every fact filled in as the engine might, makes a sentence."""
    from engine.refusals import TEMPLATES, Refusal
    from game.table.words import refusal_words

    view = discard_view_of(Table(seed=3))
    for reason in TEMPLATES:
        refusal = Refusal(reason, seat=0, other=1, card=C.parse_card("T4"),
                          cards=(C.parse_card("9H"),), suit=1, count=7, limit=6,
                          name="handful", other_name="garde", other_card=C.parse_card("KH"),
                          sizes=(10, 13, 15))
        words = refusal_words(refusal, view, lang)
        assert words and "{" not in words, (reason, words)


def discard_view_of(table: Table):
    with the_taker(table):
        return table.scene.view


def test_a_seventh_card_for_a_full_discard_is_refused_by_drag_click_and_key():
    with the_taker(Table(seed=3)) as table:
        scene = table.scene
        zone = scene.layout.discard_rect.center
        allowed = C.cards_of(O.discard_options(scene.view).allowed)
        # by the keyboard, the focus then stays where the card was, for the next one
        at = scene.hand.order.index(allowed[0])
        scene.hand.focus = allowed[0]
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.step(2)
        assert scene.editor.cards() == [allowed[0]]
        assert scene.hand.focus == scene.hand.order[at]
        for card in allowed[1:6]:
            table.drag(table.card_point(card), zone)
        assert scene.editor.complete()
        full = "The discard holds 6 cards already: take one back first."
        seventh = allowed[6]
        table.drag(table.card_point(seventh), zone)
        assert scene.toast.text == full and seventh in scene.hand
        scene.toast.text = ""
        table.click(table.card_point(seventh))
        assert scene.toast.text == full and seventh in scene.hand
        scene.toast.text = ""
        scene.hand.focus = seventh
        table.post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
        table.step(2)
        assert scene.toast.text == full and seventh in scene.hand
        assert sorted(scene.editor.cards()) == sorted(allowed[:6])
        # the keyboard's way on: Backspace takes the last card back, Enter sends the discard
        table.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b")
        table.step(2)
        assert sorted(scene.editor.cards()) == sorted(allowed[:5]) and allowed[5] in scene.hand
        scene.hand.focus = seventh
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.step(2)
        assert scene.status == "Discard complete: confirm it (Enter)"
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.settle()
        chosen = sorted([*allowed[:5], seventh])
        assert sorted(C.cards_of(table.match.current.state.discard)) == chosen


def test_a_table_opened_on_the_players_discard_holds_no_dog_over_the_zone():
    """A match taken up again while the player makes the discard (and a discard taken
    back): the dog is in the hand, the zone is empty and the prompt asks for the discard."""
    with Table(match=taken_by_the_player(4, 3)) as table:
        scene = table.scene
        for opened in ("resumed", "undone"):
            table.settle()
            assert scene.view.phase is Phase.DISCARDING and scene.editor.open, opened
            assert list(scene.sprites) == [], opened  # nothing in the middle, face up or down
            assert sorted(scene.hand.order) == sorted(scene.view.hand), opened
            assert scene.status == "Drag 6 cards into the discard, then confirm", opened
            if opened == "resumed":
                make_discard(table)
                assert scene.view.phase is not Phase.DISCARDING
                assert table.controller.undo()


def test_a_whole_deal_played_by_drag_and_drop():
    with Table(seed=3) as table:
        become_taker(table)
        scene = table.scene
        make_discard(table)
        table.answer(DecideSlam(False))
        table.settle()
        assert scene.view.phase is Phase.PLAYING

        played = 0
        refused_once = False
        while not table.match.current.is_over:
            table.decline_offers()
            view = scene.view
            assert view.turn == 0 and scene.idle
            legal = list(view.legal_plays)
            illegal = [c for c in view.hand if c not in legal]
            if illegal and view.trick.cards and not refused_once:
                # an illegal card goes back to its place, says why, and changes nothing
                refused_once = True
                card = illegal[0]
                events = len(table.match.current.events)
                slot = scene.hand.slot(card)
                table.drag_to_table(card)
                assert scene.toast.text == expected_refusal(view, card)
                assert len(table.match.current.events) == events
                assert card in scene.hand
                sprite = scene.hand.sprites[card]
                assert (round(sprite.x), round(sprite.y)) == (round(slot[0]), round(slot[1]))
                assert table.controller.view().hand == view.hand
            card = legal[played % len(legal)]
            count = len(scene.hand)
            table.drag_to_table(card)
            assert card not in scene.hand and len(scene.hand) == count - 1
            played += 1
            table.settle()
        assert played == 18
        assert refused_once
        deal = table.match.current
        assert deal.state.phase is Phase.FINISHED
        assert sum(deal.scores) == 0
        # the end of the deal: the score panel, then the next deal when asked
        table.until(lambda: scene.score_panel is not None)
        assert scene.totals() == table.match.totals
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.step(3)
        table.until(lambda: len(table.match.deals) == 2 and scene.idle)
        table.step(2)
        assert scene.score_panel is None
        assert len(scene.hand) == 18


def test_cards_may_not_be_played_during_the_bidding():
    with Table(seed=5) as table:
        table.settle()
        scene = table.scene
        assert scene.view.phase is Phase.BIDDING
        card = scene.hand.order[3]
        slot = scene.hand.slot(card)
        events = len(table.match.current.events)
        table.drag_to_table(card)
        assert scene.toast.text == "Cards are played once the bidding is over."
        assert len(table.match.current.events) == events
        sprite = scene.hand.sprites[card]
        assert (round(sprite.x), round(sprite.y)) == (round(slot[0]), round(slot[1]))


@pytest.mark.parametrize(("dealer", "passes", "words"), [
    (3, 0, "Nobody has bid yet."),
    (1, 2, "Everyone so far has passed."),
    (0, 3, "Everyone else has passed: if you pass too, the deal is cancelled and dealt again."),
])
def test_the_bidding_panel_says_where_the_bidding_stands(dealer, passes, words):
    match = Match.new(load_rules(), 4, 5, first_dealer=dealer)
    for _ in range(passes):
        match.execute(match.current.state.turn, Bid(None))
    with Table(match=match) as table:
        table.settle()
        panel = table.scene.dialogs.open_panel()
        assert type(panel).__name__ == "BiddingPanel"
        assert panel.paragraphs()[0][0] == words
        if passes == 3:  # and so it is
            table.answer(Bid(None))
            table.until(lambda: len(table.match.deals) == 2 or table.match.current.is_over)
            assert table.match.deals[0].result is None  # cancelled, no score


@pytest.mark.parametrize("players", [4, 5])
def test_one_pass_before_the_player_says_who_passed(players):
    """One seat that has passed is not "everyone so far": the panel names it."""
    match = Match.new(load_rules(), players, 5, first_dealer=players - 2)
    first = match.current.state.turn
    match.execute(first, Bid(None))
    assert match.current.state.turn == 0
    with Table(match=match) as table:
        table.settle()
        panel = table.scene.dialogs.open_panel()
        assert type(panel).__name__ == "BiddingPanel"
        name = table.scene.name(first)
        assert panel.paragraphs()[0][0] == f"{name} has passed."


def test_a_click_plays_a_card_and_the_keyboard_too():
    table = Table(seed=4)  # the human passes, East takes
    try:
        table.settle()
        table.answer(Bid(None))
        table.settle()
        scene = table.scene
        assert table.match.current.state.taker == 1
        table.decline_offers()
        view = scene.view
        assert view.phase is Phase.PLAYING and view.turn == 0
        legal = list(view.legal_plays)
        # a click on a card that may be played plays it
        table.click(table.card_point(legal[0]))
        assert legal[0] not in scene.hand
        table.settle()
        table.decline_offers()
        # arrows choose a card, Enter plays it
        view = scene.view
        playable = [c for c in scene.hand.order if c in view.legal_plays]  # as the hand shows
        table.post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
        table.step()
        assert scene.hand.focus == playable[0]
        for key, focus in ((pygame.K_LEFT, playable[-1]), (pygame.K_RIGHT, playable[0])):
            table.post(pygame.KEYDOWN, key=key, mod=0, unicode="")  # round past the end
            table.step()
            assert scene.hand.focus == focus
        legal = playable
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.step()
        assert legal[0] not in scene.hand
    finally:
        table.close()


def test_the_last_trick_and_escape_to_the_menu():
    with Table(seed=4) as table:
        table.settle()
        table.answer(Bid(None))
        table.settle()
        scene = table.scene
        table.decline_offers()
        table.drag_to_table(scene.view.legal_plays[0])
        table.until(lambda: scene.view.last_trick is not None)
        table.settle()
        table.post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")
        table.step(40)  # held: shown while held
        assert scene.last_trick.visible
        table.post(pygame.KEYUP, key=pygame.K_l, mod=0)
        table.step()
        assert not scene.last_trick.visible
        table.post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")
        table.step(2)  # a tap: it stays, as after a click of the button
        table.post(pygame.KEYUP, key=pygame.K_l, mod=0)
        table.step()
        assert scene.last_trick.visible
        table.post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")
        table.step(2)  # and another closes it
        table.post(pygame.KEYUP, key=pygame.K_l, mod=0)
        table.step()
        assert not scene.last_trick.visible
        table.click(scene.buttons["last_trick"].rect.center)
        assert scene.last_trick.open
        table.click((5, 5))
        assert not scene.last_trick.visible
        table.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
        table.step()
        assert scene not in table.app.scenes


def test_a_resize_keeps_the_deal_and_lays_it_out_again():
    with Table(seed=3) as table:
        table.settle()
        scene = table.scene
        hand = list(scene.hand.order)
        table.app.window.size = (1024, 600)
        table.post(pygame.WINDOWRESIZED, x=1024, y=600)
        table.step(2)
        assert table.app.size == (1024, 600)
        assert scene.layout.size == (1024, 600)
        assert scene.hand.order == hand
        for card in hand:
            sprite = scene.hand.sprites[card]
            assert scene.layout.hand_rect.collidepoint(sprite.x, sprite.y)
            assert round(sprite.width) == scene.layout.hand_w
        assert scene.dialogs.open_panel() is not None and scene.layout.panel_rect.colliderect(
            scene.dialogs.open_panel().rect)


@pytest.mark.parametrize("players", [3, 5])
def test_three_and_five_players_play_through(players):
    with Table(players=players, seed=8, bots="random") as table:
        for _ in range(200):
            table.settle()
            deal = table.match.current
            if deal.is_over:
                break
            scene = table.scene
            if scene.editor.open:
                options = O.discard_options(scene.view)
                cards = (C.cards_of(options.plain)
                         + C.cards_of(options.allowed & ~options.plain)[:options.trumps_needed])
                for card in cards[:options.size]:
                    table.click(table.card_point(card))
                table.click(scene.editor.confirm_button.rect.center)
                continue
            panel = scene.dialogs.open_panel()
            if panel is not None:
                name = type(panel).__name__
                if name == "BiddingPanel":
                    table.answer(Bid(None if scene.view.bids and any(
                        b for _, b in scene.view.bids) else "petite"))
                elif name == "CallPanel":
                    table.answer(Call(O.callable_cards(scene.view)[0]))
                elif name == "SlamPanel":
                    table.answer(DecideSlam(False))
                else:
                    table.decline_offers()
                continue
            table.drag_to_table(scene.view.legal_plays[0])
        assert table.match.current.is_over
        assert len(table.scene.hand) == 0 or table.match.current.state.phase is Phase.CANCELLED


def test_a_demo_table_runs_without_a_human():
    with Table(seed=4, human=None, bots="random", speed="fast") as table:
        table.until(lambda: table.match.current.is_over and table.scene.idle, limit=60_000)
        assert table.scene.view.phase in (Phase.FINISHED, Phase.CANCELLED)


# --- a declaration is never lost to a quick hand --------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("show", [True, False])
def test_a_card_dropped_the_instant_the_turn_comes_waits_for_the_handful_offer(players, show):
    """Seat 0 holds a handful; the player drags a card onto the table the very moment the
    engine gives them the turn (the card before theirs still in flight). The card does not
    leave the hand: the offer comes first, and the card is played with the answer."""
    from engine.events import CardPlayed, HandfulShown
    from game.table.dialogs import HandfulPanel
    from tests.helpers.deal_kinds import Plan, PlanBot
    from tests.helpers.stacked_deals import stacked_dealt

    rules = load_rules()
    dealer = 1  # seat 2 speaks and leads first: the turn reaches seat 0 after others' cards
    dealt = stacked_dealt(rules, players, dealer, random.Random(players), 0, "trumps")
    deal = Deal.from_dealt(rules, dealt)
    plan = Plan("quick", players, "fft", taker=2, contract="garde_sans", seed=players)
    bots = {s: PlanBot(plan, s) for s in range(1, players)}
    table = Table(players=players, speed="fast", match=Match(rules, players, 1, deals=[deal]),
                  bot_players=bots)
    try:
        scene, controller = table.scene, table.controller
        table.settle()
        table.answer(Bid(None))
        table.until(lambda: controller.waiting_for_human()
                    and deal.state.phase is Phase.PLAYING)
        assert not scene.idle  # the card before is still on its way
        card = controller.view().legal_plays[0]
        table.drag(table.card_point(card), table.centre, steps=1)
        mine = [e for e in deal.events if isinstance(e, CardPlayed) and e.seat == 0]
        assert not mine and deal.state.hands[0] >> card & 1  # the card has not gone
        table.until(lambda: isinstance(scene.dialogs.open_panel(), HandfulPanel))
        panel = scene.dialogs.open_panel()
        if show:
            table.click(panel.buttons[0].rect.center)  # the simplest handful
            table.step()
            table.click(scene.dialogs.open_panel().confirm_button.rect.center)
        else:
            table.click(table.button(tr("panel_no_thanks")).rect.center)
        table.until(lambda: any(isinstance(e, CardPlayed) and e.seat == 0
                                for e in deal.events))
        played = next(e for e in deal.events if isinstance(e, CardPlayed) and e.seat == 0)
        shown = [e for e in deal.events if isinstance(e, HandfulShown) and e.seat == 0]
        assert played.card == card  # the card the player dropped, once the offer was answered
        assert bool(shown) == show
        if show:
            assert deal.events.index(shown[0]) < deal.events.index(played)
        me = PlanBot(plan, 0)
        while not deal.is_over:
            if controller.waiting_for_human() and scene.idle:
                assert controller.submit(me.decide(controller.view())) is None
            table.step()
        result = deal.result
        assert result is not None
        assert result.handful_bonus == (rules.handful_bonus[0] if show else 0)
    finally:
        table.close()


# --- the card faces follow the settings ----------------------------------------------------------


def test_the_table_draws_the_heads_with_the_chosen_letters():
    """English letters chosen in a French interface: the hand's heads show them; back to
    "by language", the same heads are French again; number cards and trumps do not change."""
    with Table(seed=5) as table:
        app = table.app
        app.update_settings(app.settings.with_(language="fr", card_indices="en"), save=False)
        table.settle()
        hand = table.scene.view.hand
        heads = [c for c in hand if is_head(c)]
        others = [c for c in hand if is_plain(c)]
        assert heads and others, "the deal should give the human both"
        assert table.scene.art.indices == "en"
        english = {c: corner(table.scene, c) for c in heads + others}
        app.update_settings(app.settings.with_(card_indices="language"), save=False)
        table.step(2)
        assert table.scene.art.indices == "fr"
        french = {c: corner(table.scene, c) for c in heads + others}
        for card in heads:
            assert english[card] != french[card], C.format_card(card)
        for card in others:
            assert english[card] == french[card], C.format_card(card)
        # and the drawn corner is the face's own: the French king's R, not a stale English K
        app.update_settings(app.settings.with_(card_indices="en"), save=False)
        table.step(2)
        assert {c: corner(table.scene, c) for c in heads} == {c: english[c] for c in heads}
        # by language again, and the language turned to English at the table: English at once
        app.update_settings(app.settings.with_(card_indices="language", language="en"),
                            save=False)
        table.step(2)
        assert {c: corner(table.scene, c) for c in heads + others} == english


def _frames_a_trick_stays(pace: str, clicks: bool = False) -> tuple[int, Table]:
    """Play seat 0's cards with the keyboard-free controller until a trick is complete, then
    count the frames until the table gathers it (clicking once, after a while, when asked)."""
    from engine.events import TrickWon

    table = Table(seed=7, speed="fast")
    table.app.update_settings(table.app.settings.with_(trick_pause=pace))
    scene = table.scene
    me = make_bot("simple", 5)
    while True:
        step = scene.step
        if step is not None and isinstance(step.event, TrickWon) and scene.click_wait == "trick":
            break
        if scene.click_wait == "dog":  # at the "click" pace the dog waits for one too
            table.click(table.centre)
        if table.controller.waiting_for_human() and scene.idle:
            assert table.controller.submit(me.decide(table.controller.view())) is None
        table.step()
    frames = 0
    while scene.click_wait == "trick":
        frames += 1
        table.step()
        if clicks and frames == 600:  # ten seconds: still there, and the player says so
            assert len(scene.sprites.trick) == table.match.players
            assert scene.status == tr("table_click_to_gather")
            table.click(table.centre)
        assert frames < 5000, "the trick was never gathered"
    return frames, table


def test_the_trick_pace_setting_and_click_to_gather():
    counts = {}
    for pace in ("short", "normal", "long"):
        counts[pace], table = _frames_a_trick_stays(pace)
        table.close()
    assert counts["short"] < counts["normal"] < counts["long"]
    frames, table = _frames_a_trick_stays("click", clicks=True)
    try:
        assert frames == 600 or frames == 601  # gathered by the click, not by time
        table.until(lambda: not table.scene.sprites.trick or table.scene.idle)
    finally:
        table.close()


def test_a_click_or_space_gathers_a_trick_sooner_at_any_pace():
    from engine.events import TrickWon

    table = Table(seed=7, speed="normal")
    table.app.update_settings(table.app.settings.with_(trick_pause="long"))
    scene = table.scene
    me = make_bot("simple", 5)
    try:
        while not (scene.click_wait == "trick"
                   and isinstance(scene.step.event, TrickWon)):
            if table.controller.waiting_for_human() and scene.idle:
                assert table.controller.submit(me.decide(table.controller.view())) is None
            table.step()
        table.post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
        table.step(6)  # a tenth of a second, where the long pace holds the trick 1.8 s
        assert scene.click_wait is None
    finally:
        table.close()


@pytest.mark.parametrize("way", ["arrows", "digit"])
def test_the_five_player_call_is_made_from_the_keyboard(way):
    with Table(match=taken_by_the_player(5, 7)) as table:
        table.settle()
        scene = table.scene
        panel = scene.dialogs.open_panel()
        assert type(panel).__name__ == "CallPanel"
        order = list(panel._order)
        if way == "arrows":
            for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT):
                table.post(pygame.KEYDOWN, key=key, mod=0, unicode="")
            table.step()
            assert panel.hover == order[-1]  # round past the start
            table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
            wanted = order[-1]
        else:
            table.post(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2")
            wanted = order[1]
        table.step()
        table.settle()
        assert table.match.current.state.called == wanted


def test_nobody_is_named_to_play_while_the_last_card_of_a_trick_lands():
    """The engine's turn points past the last card until the trick is won: the table names
    no one then, and lights the winner's plate as the trick is gathered."""
    for seed in range(1, 30):
        table = Table(seed=seed, first_dealer=0, speed="normal")  # seat 0 plays last
        try:
            table.settle()
            table.answer(Bid(None))
            table.settle()
            table.decline_offers()
            view = table.scene.view
            if view.phase is not Phase.PLAYING or len(view.trick.cards) != 3:
                continue
            table.drag_to_table(view.legal_plays[0])
            seen = set()
            for _ in range(300):
                table.step()
                step = table.scene.step
                if step is None:
                    continue
                kind = type(step.event).__name__
                seen.add(kind)
                if kind == "CardPlayed" and len(step.after.trick.cards) == 4:
                    seen.add("last card")
                    assert table.scene.status == "" and table.scene.turn_lit() is None
                if kind == "TrickWon":
                    assert table.scene.turn_lit() == step.event.seat
            assert {"last card", "TrickWon"} <= seen
            return
        finally:
            table.close()
    raise AssertionError("no deal to try")


class GardeBot:
    """A simple bot that bids Garde whatever its hand: a taker for the player to defend
    against."""

    name = "garde"

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("simple", seed)

    def decide(self, view, stop=None):
        if view.phase is Phase.BIDDING:
            return Bid("garde")
        return self.bot.decide(view)


def the_dog_held(table: Table) -> list[int]:
    """Run the table until the turned-over dog lies face up in the middle; its cards."""
    scene = table.scene
    table.until(lambda: scene.click_wait == "dog")
    dog = [s.card for s in scene.sprites.dog]
    assert sorted(dog) == sorted(scene.view.dog)
    return dog


def test_the_dog_is_its_own_moment_face_up_until_a_click():
    """At the normal speed the turned-over dog lies in the middle with nothing drawn over it
    (no discard zone) until the player clicks, then joins the taker's hand."""
    with Table(seed=3, speed="normal") as table:
        scene = table.scene
        table.settle()
        table.answer(Bid("garde"))
        dog = the_dog_held(table)
        table.step(int(3.0 / DT))  # three seconds later, the dog is still the whole picture
        assert scene.click_wait == "dog" and not scene.editor.open
        assert set(dog) <= scene.faces_on_show()
        assert all(s.face >= 1.0 and s.visible for s in scene.sprites.dog)
        assert scene.status == tr("table_dog_go_on")
        table.click(table.centre)
        table.until(lambda: scene.editor.open and scene.idle)
        assert scene.sprites.dog == [] and set(dog) <= set(scene.hand.order)
        assert scene.status == "Drag 6 cards into the discard, then confirm"


def test_a_defender_sees_the_dog_for_a_few_seconds_then_again_from_d_or_the_menu():
    """The dog turned over for a defender stays a few seconds (the player's pace) and goes
    to the taker; later in the deal D, or the table's menu, shows it again with the
    handfuls, and nothing else that is hidden."""
    from game.table.menu import TableMenu

    table = Table(players=4, seed=7, first_dealer=3, speed="normal",
                  bot_players={1: GardeBot(71), 2: make_bot("simple", 72),
                               3: make_bot("simple", 73)})
    try:
        scene = table.scene
        table.settle()
        table.answer(Bid(None))
        dog = the_dog_held(table)
        held = 0
        while scene.click_wait == "dog":
            table.step()
            held += 1
        assert 4.5 < held * DT < 6.0  # the normal pace: five seconds
        table.app.update_settings(table.app.settings.with_(animation_speed="instant"),
                                  save=False)
        table.settle()
        table.decline_offers()
        assert set(dog).isdisjoint(scene.faces_on_show())  # gone to the taker, face down
        table.post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")
        table.step(2)
        table.post(pygame.KEYUP, key=pygame.K_d, mod=0)
        table.step()
        assert scene.shown.visible  # a tap keeps it open
        shown = scene.faces_on_show() - set(scene.view.hand) - set(scene.view.trick.cards)
        assert shown == set(dog) | {c for cards in scene.view.handfuls.values() for c in cards}
        assert scene.shown.open
        table.click((5, 5))  # a click closes it
        assert not scene.shown.visible
        table.click(scene.buttons["menu"].rect.center)
        menu = table.app.scene
        assert isinstance(menu, TableMenu)
        assert [e.enabled for e in menu.entries] == [True, True, True, True]
        table.click(menu.rows[0].center)  # "Cards shown this deal"
        assert table.app.scene is scene and scene.shown.open
        table.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
        table.step()
        assert not scene.shown.visible and table.app.scene is scene
    finally:
        table.close()


def test_the_handful_dialog_sits_beside_the_trick_and_hides_the_petit():
    """Seed 112962, West leads: the player, second to play, holds eleven trumps with the Petit.
    The handful dialog leaves the trick in sight beside it, and its first choice shows ten
    trumps without the Petit (nobody has to show it: shown, it says where to hunt it)."""
    from game.table.layout import card_h

    with Table(players=4, seed=112962, first_dealer=2) as table:
        scene = table.scene
        table.settle()
        table.answer(Bid(None))
        table.settle()
        panel = scene.dialogs.open_panel()
        assert type(panel).__name__ == "HandfulPanel"
        trick = list(scene.view.trick.cards)
        assert trick and C.PETIT in scene.view.hand
        assert set(trick) <= scene.faces_on_show()
        lay = scene.layout
        scale, (cx, cy), _ = lay.trick_beside()
        ox, oy = lay.trick_rect.center
        width = round(lay.trick_w * scale)
        for seat in scene.view.trick.seats(4):
            x, y = lay.seats[seat].trick
            card = pygame.Rect(0, 0, width, card_h(width))
            card.center = (round(cx + (x - ox) * scale), round(cy + (y - oy) * scale))
            assert not card.colliderect(panel.rect), "the dialog covers the trick"
        table.click(panel.buttons[0].rect.center)  # a simple handful: ten trumps
        chosen = sorted(scene.dialogs.selection)
        trumps = sorted(c for c in scene.view.hand if C.is_trump(c))
        assert chosen == [c for c in trumps if c != C.PETIT]
        table.click(panel.confirm_button.rect.center)
        table.step(2)
        assert C.PETIT not in table.match.current.state.handfuls[0]


@pytest.mark.parametrize("players", [3, 4])
def test_nobody_is_said_to_discard_before_the_dog_is_turned_over(players):
    """Three players, East takes: the status line says nothing of a discard while the last
    bid is shown and the dog still lies face down."""
    bots = {1: GardeBot(11), **{s: make_bot("simple", s) for s in range(2, players)}}
    table = Table(players=players, seed=5, first_dealer=players - 1, speed="normal",
                  bot_players=bots)
    try:
        scene = table.scene
        table.settle()
        table.answer(Bid(None))
        said = []
        while scene.click_wait != "dog":
            table.step()
            said.append(scene.status)
        assert tr("table_to_discard", name=scene.name(1)) not in said
        table.click(table.centre)
        table.until(lambda: scene.status == tr("table_to_discard", name=scene.name(1)))
    finally:
        table.close()


def test_a_player_who_asked_not_to_be_asked_about_a_slam_is_not_and_may_still_undo():
    """With the slam question turned off in the settings, the discard is followed by no
    dialog (no slam is announced for the player); undo then takes the discard back, where it
    used to be answered again at once."""
    with the_taker(Table(seed=3)) as table:
        app = table.app
        app.update_settings(app.settings.with_(ask_slam=False), save=False)
        scene = table.scene
        make_discard(table)
        assert scene.dialogs.open_panel() is None or type(
            scene.dialogs.open_panel()).__name__ != "SlamPanel"
        assert scene.view.phase is Phase.PLAYING and not scene.view.slam_announced
        table.post(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")
        table.step()
        table.settle()
        assert scene.view.phase is Phase.DISCARDING and scene.editor.open


def test_the_seat_plates_let_nothing_show_through_the_names():
    """The plate is drawn over the fan of backs: opaque, so that a name reads "West", not
    "Wesf" with a card's edge in it."""
    from game.table.paint import seat_plate

    with Table(seed=3, size=(1024, 600)) as table:
        scene = table.scene
        for turn in (False, True):
            plate = seat_plate(scene.ink, (160, 46), turn, scene.layout.u)
            w, h = plate.get_size()
            assert all(plate.get_at((x, h // 2)).a == 255 for x in range(w // 4, 3 * w // 4))
