"""Undo and hints at the table, and the "practised" badge.

:class:`Assist` belongs to a card table (its :class:`AssistHost`); the table calls it every
frame (:meth:`Assist.update`), hands it the events first (:meth:`Assist.handle_event`: U or
Ctrl+Z undo, H asks for a hint, Escape hides it) and lets it draw (:meth:`Assist.draw_hint`,
:meth:`Assist.draw_badge`, :meth:`Assist.draw_over_score`).

*Undo* takes back the player's last decision in the current deal through the controller (and
everything played after it), then the table is laid out again at once from the seat's view:
running animations end, dialogs are built again for the restored state, a score panel closes
(the last card of a deal may be taken back from its result, as long as the next deal has not
been dealt). The button is dimmed, with the reason in its tooltip, when there is nothing of
the player's to take back in this deal, or while cards are moving (bots playing in turn).

A *hint* asks :class:`game.table.hints.HintJob` what the strongest bot would do now; the job thinks
in a worker process while the hint button shows an arc going round. The answer shows in a panel
at the bottom right of the table, clear of the hand, the dialogs and the middle; the suggested
card (or discard, or handful) glows in the hand and the suggested dialog button gets a halo.
The hint goes away as soon as the state changes (the player acts, an undo) or its dialog
closes; a job for a state that has changed is cancelled and its answer ignored. Hints do not
make a deal practised: only an undo does.

A table may have them off (a challenge deal, whose comparison with the expert must be the
player's own play): the buttons stay, dimmed, and they, H, B and U say why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.state import Phase
from engine.views import SeatView
from game.app.thinking import game_thinker
from game.app.widgets import GOLD, TEXT_DIM, draw_panel
from game.table.beliefs import BeliefsPanel
from game.table.dialogs.base import HINT
from game.table.dialogs.declarations import HandfulPanel, MiserePanel
from game.table.hint_place import HintPlacer
from game.table.paint import draw_tag

if TYPE_CHECKING:
    from game.table.hosts import AssistHost
    from game.table.stage import Stage

#: Seconds the table must have been still before undo is offered while bots are playing (so
#: that the button does not flicker between two bots' cards).
CALM = 0.25
HINT_FILL = (12, 32, 24, 240)
#: The room a dialog leaves a hint, grown by steps up to the most (design pixels).
ROOM_STEP = 80
ROOM_MOST = 480

_WHAT = {
    Play: "table_undo_card",
    Bid: "table_undo_bid",
    Call: "table_undo_call",
    Discard: "table_undo_discard",
    DecideSlam: "table_undo_slam",
    ShowHandful: "table_undo_handful",
    AnnounceMisere: "table_undo_misere",
}

StateKey = tuple[object, SeatView]


def hint_job(view: Any, lang: str, seed: int, declarations: bool = False) -> Any:
    """Start looking for a hint on ``view`` (the job thinks in a worker process);
    ``declarations``: about the handful or misère offered before the first card rather than
    about the card. Raises :class:`ImportError` when this build has no hints."""
    from game.table.hints import HintJob

    if declarations:
        return HintJob(view, lang, seed=seed, declarations=True)
    return HintJob(view, lang, seed=seed)


class Assist:
    """The undo and hint buttons of a table, the hint being looked for or shown, the badge."""

    def __init__(self, scene: Stage, host: AssistHost, undo_question: str | None = None,
                 off: str = "") -> None:
        """``off``: the text key of why undo and hints are off at this table ("": on)."""
        self.scene = scene
        self.host = host
        #: what undo asks over a finished deal (see TableOptions.undo_question)
        self.undo_question = undo_question
        self.off = off
        self.calm = 0.0  # seconds the table has been idle
        self.job: Any = None  # the hint being looked for
        self._job_key: StateKey | None = None
        self._job_panel: Any = None
        self.hint: Any = None  # the hint shown
        self.close_box: pygame.Rect | None = None  # the hint panel's ×, as last drawn
        self._hint_key: StateKey | None = None
        self._hint_panel: Any = None
        self._lit: Any = None  # the dialog whose button the hint lights
        self.box: pygame.Rect | None = None  # where the hint panel was drawn last
        self.placer = HintPlacer(scene, host.dialogs, host.editor)
        self.badge: pygame.Rect | None = None  # where the practised badge was drawn last
        self.beliefs = BeliefsPanel(game_thinker)  # who holds what, with a hint (B)

    # --- the state -----------------------------------------------------------------------------
    def _key(self) -> StateKey | None:
        """The deal and the view a hint was asked about (a new view is a new state)."""
        scene = self.scene
        if self.host.player is None:
            return None
        return (scene.source.scoreboard().deal, scene.view)

    @staticmethod
    def _same(a: StateKey | None, b: StateKey | None) -> bool:
        return a is not None and b is not None and a[0] is b[0] and a[1] is b[1]

    def _panel_gone(self, panel: Any) -> bool:
        """Whether the dialog open when the hint was asked for has been answered or closed."""
        return panel is not None and (panel is not self.host.dialogs.open_panel())

    def _waiting_for_player(self) -> bool:
        scene = self.scene
        view = scene.view
        return (scene.human is not None and view.turn == scene.me
                and view.phase not in (Phase.FINISHED, Phase.CANCELLED))

    def _settled(self) -> bool:
        """Nothing moving that an undo would cut short."""
        scene = self.scene
        if self.host.input.drag is not None or not scene.idle:
            return False
        return (self.calm >= CALM or self._waiting_for_player()
                or scene.view.phase in (Phase.FINISHED, Phase.CANCELLED))

    # --- undo ----------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the player may not undo now, in words for the tooltip (``None``: they may)."""
        scene = self.scene
        player = self.host.player
        if scene.human is None or player is None:
            return str(scene.tr("table_undo_no_player"))
        if self.off:
            return str(scene.tr(self.off))
        if player.undoable() is None:
            return str(scene.tr("table_undo_nothing"))
        if not self._settled():
            return str(scene.tr("table_undo_wait"))
        return None

    def _what(self, action: Any) -> str:
        return str(self.scene.tr(_WHAT.get(type(action), "table_undo_card")))

    def undo(self) -> bool:
        """Take back the player's last decision (or say in a toast why not). Over a finished
        deal it asks first: one stray key would reopen the deal and mark it practised."""
        scene = self.scene
        reason = self.undo_refusal()
        if reason is not None:
            scene.toast.show(reason, 2.5, warning=False)
            return False
        if scene.view.phase in (Phase.FINISHED, Phase.CANCELLED):
            from game.app.screens import ConfirmDialog

            player = self.host.player
            assert player is not None
            key = self.undo_question or (
                "table_undo_finished_question" if player.practised()
                else "table_undo_finished_practised")
            scene.app.push(ConfirmDialog(scene.app, scene.tr(key, what=self._what(
                player.undoable())), self._undo_now, yes_key="table_undo_yes",
                no_key="table_undo_no"))
            return False
        return self._undo_now()

    def _undo_now(self) -> bool:
        scene = self.scene
        player = self.host.player
        assert player is not None
        # the table answers the slam itself when the player asked not to be asked: taken back
        # alone it would be answered again at once, so it goes back with the discard
        past: tuple[type[Action], ...] = () if scene.app.settings.ask_slam else (DecideSlam,)
        action = player.undoable(past=past)
        if action is None or not player.undo(past=past):
            return False
        self.drop_hint()
        self.host.take(scene.source.poll(), at_once=True)  # the undo's redraw
        scene.toast.show(scene.tr("table_undo_done", what=self._what(action)), 2.5,
                         warning=False)
        scene.sound("card_slide", 0.6)
        return True

    # --- hints ---------------------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        """Why no hint may be asked for now, in words (``None``: one may)."""
        scene = self.scene
        if scene.human is None or self._key() is None:
            return str(scene.tr("table_hint_no_player"))
        if self.off:
            return str(scene.tr(self.off))
        if not self._waiting_for_player():
            return str(scene.tr("table_hint_not_your_turn"))
        if not scene.idle or self.host.input.drag is not None:
            return str(scene.tr("table_hint_wait"))
        return None

    def toggle_hint(self) -> None:
        """Ask for a hint, or hide the one shown (or stop the search under way)."""
        scene = self.scene
        if self.hint is not None or self.job is not None:
            self.drop_hint()
            return
        reason = self.hint_refusal()
        if reason is not None:
            scene.toast.show(reason, 2.5, warning=False)
            return
        key = self._key()
        assert key is not None
        view = scene.view
        seed = scene.source.scoreboard().number * 1000 + len(view.tricks) * 10 + len(
            view.trick.cards)
        panel = self.host.dialogs.open_panel()
        offer = isinstance(panel, HandfulPanel | MiserePanel)
        try:
            job = hint_job(view, scene.lang, seed, offer)
        except ImportError:
            scene.toast.show(scene.tr("table_hint_missing"), 3.0, warning=False)
            return
        self.job, self._job_key, self._job_panel = job, key, panel

    def cancel(self) -> None:
        """Stop looking for a hint (its answer, if any, is ignored)."""
        job, self.job = self.job, None
        if job is not None:
            job.cancel()

    def drop_hint(self) -> None:
        """Hide the hint and stop any search."""
        self.cancel()
        self.hint = None
        self._hint_key = self._hint_panel = None
        self._light(None)

    def _light(self, panel: Any) -> None:
        """Let ``panel`` (the open dialog, or ``None``) show the hint; the dialog lit before
        goes dark."""
        if self._lit is not None and self._lit is not panel:
            self._lit.hinted = None
        self._lit = panel if panel is not None and hasattr(panel, "hinted") else None
        if self._lit is not None:
            self._lit.hinted = self.hint.action if self.hint is not None else None

    def hinted_cards(self) -> set[int]:
        """The hand cards the hint suggests (a card, a discard, a handful)."""
        action = self.hint.action if self.hint is not None else None
        if isinstance(action, Play):
            return {action.card}
        if isinstance(action, Discard | ShowHandful):
            return set(action.cards)
        return set()

    # --- every frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        scene = self.scene
        self.calm = self.calm + dt if scene.idle else 0.0
        key = self._key()
        job = self.job
        if job is not None:
            if not self._same(key, self._job_key) or self._panel_gone(self._job_panel):
                self.cancel()  # asked about a state that is gone: its answer is not wanted
            elif job.failed:
                self.job = None
                scene.toast.show(scene.tr("table_hint_failed", problem=job.failed), 3.0,
                                 warning=False)
            else:
                result = job.result()
                if result is not None:
                    self.job = None
                    self.hint = result
                    self._hint_key, self._hint_panel = self._job_key, self._job_panel
                    if isinstance(result.action, Play) and result.action.card in scene.hand:
                        scene.hand.focus = result.action.card  # the arrows start from it
        if self.hint is not None and (not self._same(key, self._hint_key)
                                      or self._panel_gone(self._hint_panel)
                                      or not self._waiting_for_player()):
            self.drop_hint()
        self._light(self.host.dialogs.open_panel())
        self._make_room()
        if self.hint is None:
            self.beliefs.visible = False  # they come and go with the hint
        if self.beliefs.wanted:
            self.beliefs.update(*self.beliefs_step())
        self._update_buttons()

    def _make_room(self) -> None:
        """A hint with no room clear of the open dialog, but cut short, has the dialog step
        aside, a little more each time, until the hint has room; the dialog comes back when
        the hint goes."""
        dialogs = self.host.dialogs
        if self.hint is None or dialogs.open_panel() is None or self.host.editor.open:
            dialogs.make_room(0)
            return
        u = self.scene.layout.u
        while self.placer.place(self.hint, cut=False) is None and dialogs.room < u(ROOM_MOST):
            dialogs.make_room(dialogs.room + u(ROOM_STEP))

    def beliefs_step(self) -> tuple[tuple[int, int], SeatView | None]:
        """The moment shown (which deal, how far into it) and the player's view there."""
        scene = self.scene
        deal = scene.source.scoreboard().deal
        return (id(deal), len(deal.events)), scene.view if self.host.player is not None else None

    def _update_buttons(self) -> None:
        scene = self.scene
        undo = self.host.buttons.get("undo")
        if undo is not None:
            reason = self.undo_refusal()
            undo.enabled = reason is None
            if reason is None:
                assert self.host.player is not None
                undo.tip = scene.tr("table_undo_tip", what=self._what(self.host.player.undoable()))
            else:
                undo.tip = reason
        hint = self.host.buttons.get("hint")
        if hint is not None:
            hint.active = self.hint is not None
            hint.pulse = scene.time if self.job is not None else None
            if self.hint is not None:
                hint.enabled, hint.tip = True, scene.tr("table_hint_hide")
            elif self.job is not None:
                hint.enabled, hint.tip = True, scene.tr("table_hint_thinking")
            else:
                reason = self.hint_refusal()
                hint.enabled = reason is None
                hint.tip = reason or scene.tr("table_hint_tip")

    def decorate_hand(self) -> None:
        """The hinted cards glow and rise a little (after the hand's own looks are set)."""
        scene = self.scene
        hand = scene.hand
        lay = scene.layout
        for card in self.hinted_cards():
            sprite = hand.sprites.get(card)
            if sprite is None or card == hand.held:
                continue
            sprite.glow = HINT
            sprite.glow_grow = max(4, lay.hand_w // 12)
            sprite.dim = False
            sprite.lift_target = max(sprite.lift_target, lay.hover_lift * 0.6)

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The keys (U, Ctrl+Z, H, Escape over a hint), the undo button over a score panel
        and a click on the hint panel (which hides it). True when the event was used."""
        scene = self.scene
        if event.type == pygame.KEYDOWN:  # only for the buttons the table has
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            undo = (event.key == pygame.K_u and not ctrl) or (event.key == pygame.K_z and ctrl)
            if undo and "undo" in self.host.buttons:
                self.undo()
                return True
            if event.key == pygame.K_h and not ctrl and "hint" in self.host.buttons:
                self.toggle_hint()
                return True
            if event.key == pygame.K_b and not ctrl and "hint" in self.host.buttons:
                if self.off:
                    scene.toast.show(scene.tr(self.off), 2.5, warning=False)
                elif self.hint is None:
                    scene.toast.show(scene.tr("table_beliefs_need_hint"), 2.5, warning=False)
                else:
                    self.beliefs.toggle()
                return True
            overlay = scene.last_trick.visible or scene.shown.visible
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hint is not None and (
                    not overlay and self.host.input.drag is None):
                return self.accept()
            if (event.key == pygame.K_ESCAPE and self.hint is not None and not overlay
                    and self.host.input.drag is None):
                self.drop_hint()
                return True
            return False
        if self.host.score_panel is not None:
            # the result of a deal covers the table, but its last card may still be taken back
            undo = self.host.buttons.get("undo")
            if undo is not None and undo.enabled and undo.handle_event(event):
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hint is not None
                and self.box is not None and self.box.collidepoint(event.pos)):
            if self.close_box is not None and self.close_box.collidepoint(event.pos):
                self.drop_hint()  # the ×
            else:
                self.accept()  # anywhere else on the hint: do what it says
            return True
        return False

    def accept(self) -> bool:
        """Do what the hint suggests, as the player's own choice (Enter, or a click on the
        hint): play the card, answer the open question, or lay the discard in the zone for
        the player to confirm."""
        scene = self.scene
        hint = self.hint
        action = hint.action if hint is not None else None
        if action is None or not scene.idle:
            return False
        self.drop_hint()
        panel = self.host.dialogs.open_panel()
        if isinstance(action, Play):
            if panel is not None:  # an offer open: the hint turns it down, then plays
                for button in panel.hinted_buttons():
                    button.on_click()
                    break
            sprite = scene.hand.sprites.get(action.card)
            return sprite is not None and self.host.plays.play(sprite)
        if isinstance(action, Discard) and self.host.editor.open:
            self.host.editor.choose(action.cards)
            return True
        if panel is not None:
            return panel.submit(action)
        return self.host.submit(action)

    # --- drawing -------------------------------------------------------------------------------
    def draw_badge(self, surface: pygame.Surface) -> None:
        """"Practised" under the running scores, for a deal in which a move was taken back."""
        scene = self.scene
        self.badge = None
        if self.host.player is None or not self.host.player.practised():
            return
        lay = scene.layout
        u = lay.u
        label = scene.ink.text(scene.tr("table_practised"), u(16), GOLD, shadow=False)
        icon = scene.app.assets.icon("undo", u(16))
        pill = pygame.Rect(0, 0, icon.get_width() + label.get_width() + u(26),
                           max(label.get_height(), icon.get_height()) + u(8))
        pill.topleft = (lay.score_rect.left + u(6), lay.score_rect.bottom + u(6))
        pygame.draw.rect(surface, (8, 24, 18), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, GOLD, pill, max(1, u(1.5)), border_radius=pill.height // 2)
        surface.blit(icon, icon.get_rect(midleft=(pill.left + u(10), pill.centery)))
        surface.blit(label, label.get_rect(midright=(pill.right - u(10), pill.centery)))
        self.badge = pill
        if pill.collidepoint(self.host.input.mouse) and self.host.input.drag is None:
            draw_tag(surface, scene.ink, u, scene.tr("table_practised_tip"),
                     (pill.left, pill.bottom + u(4)), "topleft")

    def draw_over_score(self, surface: pygame.Surface) -> None:
        """Over a score panel: the undo button, when the deal's last card may be taken back."""
        scene = self.scene
        undo = self.host.buttons.get("undo")
        if self.host.score_panel is None or undo is None or not undo.enabled:
            return
        undo.draw(surface, scene.app)  # its tooltip comes with the others, over everything

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint panel where its placer found room (nothing while there is none, or over
        a score panel), and who holds what beside it, above the hand, when asked for."""
        scene = self.scene
        self.box = None
        if self.hint is None or self.host.score_panel is not None:
            return
        placed = self.placer.place(self.hint)
        lay = scene.layout
        above = pygame.Rect(0, 0, lay.size[0], lay.status_rect.top - lay.u(4))  # the hand
        self.beliefs.draw(surface, scene.app, above, scene.app.unit, scene.lang,
                          beside=placed[0] if placed is not None else None)
        if placed is None:
            return
        box, lines = placed
        u = lay.u
        pad = u(12)
        draw_panel(surface, box, scene.app.unit, HINT_FILL, HINT)
        icon = scene.app.assets.icon("hint", u(20))
        top = box.top + pad + u(9)
        surface.blit(icon, icon.get_rect(midleft=(box.left + pad, top)))
        scene.ink.blit(surface, scene.tr("table_hint_title"), u(18),
                       (box.left + pad + icon.get_width() + u(6), top), HINT, anchor="midleft",
                       shadow=False)
        self.close_box = scene.ink.blit(surface, "\u00d7", u(22), (box.right - pad, top),
                                        TEXT_DIM, anchor="midright",
                                        shadow=False).inflate(u(16), u(16))
        y = box.top + pad + u(22)
        clip = surface.get_clip()
        surface.set_clip(box)
        for i, (text, size, color) in enumerate(lines):
            if i and size < lines[i - 1][1]:
                y += u(4)  # a little space between the sentence and the options
            scene.ink.blit(surface, text, size, (box.left + pad, y), color, anchor="topleft",
                           shadow=False)
            y += round(size * 1.22)
        surface.set_clip(clip)
        self.box = box
