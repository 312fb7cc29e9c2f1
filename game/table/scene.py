"""The table: one seat's view of a deal, animated step by step, played with the mouse.

:class:`TableScene` is a :class:`~game.table.stage.Stage` (what the table shows) that wires
its parts together; each has one job and is handed the stage, and what more it needs as a
protocol of :mod:`~game.table.hosts`, never the scene:

* a :class:`~game.table.source.StepSource` says what to show (a live match or a replay),
  and a :class:`~game.table.source.TablePlayer`, at a live table, what the player may do;
* :mod:`~game.table.animator` turns each step into an animation;
* :mod:`~game.table.input` reads the player's drags, clicks and keys and hands back what
  they mean (an intent, which :meth:`TableScene.apply` carries out: a card to play goes
  through :mod:`~game.table.plays`, a card for the discard to :mod:`~game.table.discard`);
  :mod:`~game.table.dialogs` takes the decisions answered in a panel;
* :mod:`~game.table.render` draws, reading only; :mod:`~game.table.status` words the
  status line; :mod:`~game.table.assist` offers undo and hints.

The table keeps no record of the game: it draws from the latest view it was handed
(:attr:`TableScene.view`) and lays its sprites out from it when it comes to rest
(:meth:`TableScene.rest`). It is a scene of its own at a live table; the replay viewer
composes one and drives it through the same methods.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.actions import Action
from engine.events import DealCancelled, DealDealt, DealScored, Discarded, Event
from engine.state import Phase
from engine.views import SeatView
from game.app.lock import FILES_TAKEN
from game.app.window import App, Scene
from game.table import render, rest
from game.table.animator import Animator
from game.table.assist import Assist
from game.table.buttons import IconButton
from game.table.dialogs import Dialogs
from game.table.discard import DiscardEditor
from game.table.input import (
    Drag,
    FromDiscard,
    Intent,
    PlayCard,
    PutBack,
    TableInput,
    ToDiscard,
    ToggleHandful,
)
from game.table.layout import TRICK_BESIDE_SCALE, TableLayout
from game.table.looks import hand_looks
from game.table.options import TableOptions
from game.table.overlays import Overlay, shown_groups
from game.table.plays import CardPlays
from game.table.room import ToastPlacer
from game.table.score.panel import ScorePanel
from game.table.shown import lay_sprites_out
from game.table.source import BotTrouble, Redraw, Step, StepSource, TablePlayer
from game.table.sprites import CardSprite
from game.table.stage import Stage
from game.table.status import status_text
from game.table.words import trouble_words

#: The keys that go on at once from a picture held until a click (a trick, the dog).
GO_ON_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class TableScene(Scene, Stage):
    """The card table for one seat, fed by ``source``; ``player`` acts at a live table (by
    default the source itself when it is a :class:`TablePlayer`)."""

    def __init__(self, app: App, source: StepSource, player: TablePlayer | None = None,
                 options: TableOptions | None = None) -> None:
        Scene.__init__(self, app)
        if player is None and isinstance(source, TablePlayer):
            player = source
        self.player = player
        self.options = options or TableOptions()
        Stage.__init__(self, app, source, player.human_seat if player is not None else None,
                       self.options.names)
        self.score_panel: ScorePanel | None = None
        self.animator = Animator(self, self)
        self.dialogs = Dialogs(self)
        self.editor = DiscardEditor(self, self)
        self.input = TableInput(self, discarding=lambda: self.editor.open,
                                selecting=self.dialogs.selecting, complete=self.editor.complete)
        self.plays = CardPlays(self, self.submit, self.dialogs.declaration_open)
        self._thinking_for = 0.0
        self._held: bool | None = None
        self._save_told: str | None = None
        self._trouble_told: BotTrouble | None = None
        names = {"menu": ("menu", self.open_menu, "table_menu"),
                 "last_trick": ("last_trick", self.toggle_last_trick, "table_last_trick"),
                 "sound": ("sound_on", self.toggle_sound, "sound"),
                 "undo": ("undo", self.undo, "table_undo_nothing"),
                 "hint": ("hint", self.toggle_hint, "table_hint_tip")}
        wanted = [b for b in self.options.buttons if b in names and (
            self.human is not None or b not in ("undo", "hint"))]
        self.buttons = {b: IconButton(*names[b]) for b in wanted}
        self.assist = Assist(self, self, self.options.undo_question,
                             off=self.options.assist_off)
        self.toasts = ToastPlacer(self, self.dialogs, self.editor)
        if self.player is not None:
            self.player.hold(True)  # no bot moves before the table has shown the deal
            self._held = True
        self.app.assets.load_faces(app.settings.four_colour, app.settings.indices)
        self.place(app.size, app.unit)
        if self.options.greeting is not None:
            self.toast.show(*self.options.greeting, warning=False)

    def busy(self) -> bool:
        return self.animator.busy

    # --- resting on a view (see game.table.rest) ----------------------------------------------
    def rest(self, animate: bool = False) -> None:
        """Lay the resting cards out as the view has them; open the discard zone or a
        dialog when the view asks."""
        self.editor.refresh()
        pending = {s.card for s in self.sprites.pending}
        rest.rest_on(self, [c for c in self.editor.hand_pool(self.view) if c not in pending],
                     animate)
        if self.idle:
            self.dialogs.refresh(self.editor.reopened)
            self.plays.play_waiting()

    def redraw(self, view: SeatView, event: Event | None = None) -> None:
        """Show ``view`` at once, as it stands just after ``event``: every animation ends,
        and the picture is the one that event leaves (the dog face up, a handful on show,
        the discard, the score)."""
        self.cancel_drag()
        self._forget_parts()
        rest.wipe(self)
        self.view = view
        self.rest()
        rest.picture_after(self, view, event, discarding=self.editor.open)
        if isinstance(event, DealScored | DealCancelled):
            self.show_score()

    def clear_deal(self) -> None:
        """A new deal is dealt: nothing of the last one stays on the table."""
        self._forget_parts()
        rest.clear_deal(self)

    def _forget_parts(self) -> None:
        self.score_panel = None
        self.editor.close()
        self.dialogs.forget()
        self.input.forget()
        self.plays.forget()

    def step_starts(self, step: Step) -> None:
        """A new deal clears the table's parts; a discard shown closes the discard zone."""
        if isinstance(step.event, DealDealt):
            self.clear_deal()
        elif isinstance(step.event, Discarded):
            self.editor.close()

    def step_ends(self, step: Step) -> None:
        if isinstance(step.event, DealScored | DealCancelled):
            self.show_score()

    # --- the player's commands --------------------------------------------------------------
    def apply(self, intent: Intent) -> None:
        """Do what the player's gesture means (see :mod:`game.table.input`); a card the
        table refuses goes back where it came from."""
        back: Drag | None = None
        if isinstance(intent, PlayCard):
            back = None if self.plays.play(intent.drag.sprite) else intent.drag
        elif isinstance(intent, ToDiscard):
            back = None if self.editor.add(intent.drag.sprite) else intent.drag
        elif isinstance(intent, FromDiscard):
            self.editor.remove(intent.sprite)
        elif isinstance(intent, ToggleHandful):
            self.dialogs.toggle_selected(intent.drag.card)
            back = intent.drag
        elif isinstance(intent, PutBack):
            back = intent.drag
        else:
            self.editor.confirm()
        if back is not None:
            self.put_back(back)
        self.input.after(intent)

    def put_back(self, drag: Drag) -> None:
        """A dragged card goes back: to the discard zone's place, or to the hand's."""
        if drag.source == "zone" and drag.sprite in self.sprites.zone:
            drag.sprite.shadow = False
            self.editor.place(self.d(0.25))
        else:
            self.input.put_back(drag)

    def dragged(self) -> CardSprite | None:
        return self.input.drag.sprite if self.input.drag is not None else None

    def shows_pending(self) -> bool:
        return bool(self.animator.queue)

    def cancel_drag(self) -> None:
        drag = self.input.cancel()
        if drag is not None:
            self.put_back(drag)

    def submit(self, action: Action) -> bool:
        """Send the player's ``action``; on a refusal say why (in words) and return False."""
        if self.player is None:
            return False
        refusal = self.player.submit(action)
        if refusal is None:
            self.animator.add(self.source.poll())
            return True
        self.tell_refusal(refusal)
        return False

    def show_score(self) -> None:
        if not self.toast.warning:  # a passing word ("took back your card") would cover it
            self.toast.left = 0.0
        self.score_panel = ScorePanel(self, self.source.scoreboard(), self.options.score_label,
                                      self.score_done)
        self.score_panel.layout(pygame.Rect((0, 0), self.layout.size), self.app.unit)

    def score_done(self) -> None:
        """The score panel's main button: what the table's owner says, else the next deal."""
        if self.options.on_score_done is not None:
            self.options.on_score_done()
        else:
            self.deal_next()

    def deal_next(self) -> None:
        """Deal the next hand, once the deal on the table is over."""
        if self.player is not None and self.view.phase in (Phase.FINISHED, Phase.CANCELLED):
            self.player.next_deal()
            self.animator.add(self.source.poll())

    # --- the corner buttons --------------------------------------------------------------------
    def open_menu(self) -> None:
        """The table's menu, under its corner button (see :mod:`game.table.menu`)."""
        from game.table.menu import TableMenu

        self.cancel_drag()
        self.app.push(TableMenu(
            self.app, anything_shown=bool(shown_groups(self, self.view)),
            toggle_shown=self.toggle_shown, leave_label=self.options.leave_label,
            leave=self.leave_table, anchor=self._menu_anchor))

    def _menu_anchor(self) -> pygame.Rect | None:
        """Where the menu's corner button is now (the table's menu opens under it)."""
        button = self.buttons.get("menu")
        return button.rect if button is not None else None

    def leave_table(self) -> None:
        """Esc, or the menu's last line: back to the menu (or wherever the owner says)."""
        if self.options.on_menu is not None:
            self.options.on_menu()
        else:
            self.app.pop()

    def toggle_last_trick(self) -> None:
        if self.view.last_trick is None:
            self.toast.show(self.tr("table_no_last_trick"), 2.0, warning=False)
            return
        self.shown.close()
        self.last_trick.toggle()

    def toggle_shown(self) -> None:
        """The cards shown to all this deal (the dog, handfuls, a discard's trumps)."""
        if not shown_groups(self, self.view):
            self.toast.show(self.tr("table_shown_nothing"), 2.0, warning=False)
            return
        self.last_trick.close()
        self.shown.toggle()

    def undo(self) -> None:
        """Take back the player's last decision in this deal (see :mod:`game.table.assist`)."""
        self.assist.undo()

    def toggle_hint(self) -> None:
        self.assist.toggle_hint()

    def toggle_sound(self) -> None:
        if not self.app.sounds.available:  # no audio device: nothing to switch on
            self.toast.show(self.tr("table_sound_unavailable"), 4.0, warning=False)
            return
        settings = self.app.settings
        problem = self.app.update_settings(settings.with_(sound=not settings.sound))
        if problem is not None:
            self.toast.show(self.tr("settings_not_saved", problem=problem), 7.0)

    # --- scene hooks -------------------------------------------------------------------------
    def enter(self) -> None:
        settings = self.app.settings
        self.art.configure(settings.four_colour, settings.card_back, settings.indices)
        self.ink.clear()
        self.editor.relabel()

    def leave(self) -> None:
        self.cancel_drag()
        self.assist.drop_hint()
        if self.player is not None:
            # bots wait while the table is not on screen; the decision in flight is dropped
            leave = getattr(self.player, "leave", None)
            if callable(leave):
                leave()
            else:
                self.player.hold(True)
            self._held = True
        if self.options.on_closed is not None and self.app.scene is not self:
            self.options.on_closed()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.place(size, self.app.unit)

    def place(self, size: tuple[int, int], unit: float) -> None:
        """Lay the table out over ``size`` pixels (from the window's top left)."""
        self.layout = lay = TableLayout(size, self.players, unit,
                                        open_hands=self.open_hands_layout)
        self.art.widths = (lay.small_w, lay.trick_w, lay.dog_w, lay.hand_w,
                           round(lay.trick_w * 0.8), lay.open_w, lay.open_side_w,
                           round(lay.trick_w * TRICK_BESIDE_SCALE))  # a trick beside a dialog
        self.ink.clear()
        self.cancel_drag()
        lay_sprites_out(self, lay)
        for name, button in self.buttons.items():
            button.rect = pygame.Rect(lay.buttons[name])
        self.editor.place_buttons()
        self.editor.place(0)
        self.dialogs.place()
        if self.score_panel is not None:
            self.score_panel.layout(pygame.Rect((0, 0), lay.size), unit)

    # --- the frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        settings = self.app.settings
        self.art.configure(settings.four_colour, settings.card_back, settings.indices)
        if "sound" in self.buttons:
            sound, available = self.buttons["sound"], self.app.sounds.available
            sound.icon = "sound_on" if settings.sound and available else "sound_off"
            sound.enabled = available
            sound.tip = "" if available else self.tr("table_sound_unavailable")
        if "last_trick" in self.buttons:
            self.buttons["last_trick"].active = self.last_trick.open
        player = self.player
        if player is not None:
            player.update()
            self._tell_save_problem(player.save_problem())
            trouble = player.bot_trouble()
            if trouble is not None and trouble is not self._trouble_told:  # told once
                self._trouble_told = trouble
                self.toast.show(trouble_words(trouble, self.name(trouble.seat), self.lang), 9.0)
        self.take(self.source.poll())
        if not self.started:
            self.started = True
            if not self.animator.busy:
                self.rest()
        was_idle = self.idle
        self.animator.run(dt)
        if self.idle and not was_idle:
            self.rest(animate=True)
        if self.idle:
            self.dialogs.refresh(self.editor.reopened)
            self.plays.play_waiting()
        held = not self.idle
        if player is not None and held != self._held:
            player.hold(held)
            self._held = held
        self.sprites.update(dt)
        self.hand.update(dt)
        for bubble in self.bubbles:
            bubble.left -= dt
        self.bubbles = [b for b in self.bubbles if b.left > 0]
        self.toast.update(dt)
        self.assist.update(dt)
        hand_looks(self, set(self.dialogs.selection) if self.dialogs.selecting() else None,
                   self.editor.open, self.input.mouse if self.input.drag is None else None)
        self.assist.decorate_hand()
        panel = self.dialogs.open_panel()
        if panel is not None:
            panel.update(dt)
        if self.score_panel is not None:
            self.score_panel.update(dt)
            if self.score_panel.done:
                self.score_panel = None
        self.status = (self.options.status() if self.options.status is not None else
                       status_text(self, self.editor.help_text, self.editor.open,
                                   self.dialogs.declaration_open))
        thinking = player is not None and self.idle and player.is_thinking()
        self._thinking_for = self._thinking_for + dt if thinking else 0.0
        self.thinking = (player.whose_turn() if player is not None and self._thinking_for > 0.3
                         else None)

    @property
    def save_failing(self) -> bool:
        """The match's last save failed (the score box keeps saying so)."""
        return self._save_told is not None

    def _tell_save_problem(self, problem: str | None) -> None:
        """A save that failed is told once, in words; play goes on."""
        if problem is not None and problem != self._save_told:
            self.toast.show(self.tr("table_files_taken") if problem == FILES_TAKEN else
                            self.tr("table_save_failed", problem=problem), 7.0)
        self._save_told = problem

    def take(self, changes: list[Any], at_once: bool = False) -> None:
        """Queue what the source handed over; a redraw supersedes everything before it.
        ``at_once``: what can be shown now is (an undo's redraw and what follows)."""
        if not changes:
            return
        last = max((i for i, c in enumerate(changes) if isinstance(c, Redraw)), default=-1)
        if last >= 0:
            self.animator.drop()
            changes = changes[last:]
        self.animator.add(changes)
        if at_once or (last >= 0 and self.started):
            self.animator.run(0.0)  # a redraw is shown at once, even under another scene

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.assist.handle_event(event):  # U, Ctrl+Z, H; undo over a score panel
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.close_overlays():
                    pass
                elif self.input.drag is not None:
                    self.cancel_drag()
                else:
                    self.leave_table()
                return
            overlay = self._overlay_key(event)
            if overlay is not None:
                if overlay is self.last_trick and self.view.last_trick is None:
                    self.toggle_last_trick()  # says there is none yet
                    return
                (self.shown if overlay is self.last_trick else self.last_trick).close()
                overlay.key_down(self.time)
                return
        if event.type == pygame.KEYUP:
            overlay = self._overlay_key(event)
            if overlay is not None:
                overlay.key_up(self.time)
                return
        if self.input.drag is not None and self._input(event):
            return
        if self.score_panel is not None and self.score_panel.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.close_overlays():
            return
        for button in self.buttons.values():
            if button.handle_event(event):
                return
        if self.click_wait is not None and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
                or (event.type == pygame.KEYDOWN and event.key in GO_ON_KEYS)):
            self.clicked = True
            return
        if self.editor.handle_event(event):
            return
        panel = self.dialogs.open_panel()
        if panel is not None and not self.editor.open and panel.handle_event(event):
            return
        self._input(event)

    def _input(self, event: pygame.event.Event) -> bool:
        """The hand's drags, clicks and keys; what they mean is applied here."""
        handled = self.input.handle_event(event)
        if isinstance(handled, bool):
            return handled
        self.apply(handled)
        return True

    def _overlay_key(self, event: pygame.event.Event) -> Overlay | None:
        """The overlay a key opens: L the last trick, D the cards shown."""
        if event.mod & pygame.KMOD_CTRL:
            return None
        return {pygame.K_l: self.last_trick, pygame.K_d: self.shown}.get(event.key)

    def draw(self, surface: pygame.Surface) -> None:
        render.draw(self, self, surface)

    def faces_on_show(self) -> set[int]:
        """Every card the table draws face up now (see :func:`render.faces_on_show`)."""
        return render.faces_on_show(self, self)
