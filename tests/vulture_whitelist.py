"""Names that ``vulture`` (the dead-code finder of ``make test``) cannot see used.

    vulture engine game tests/vulture_whitelist.py --min-confidence 60

It reads engine/ and game/ alone, so a name listed here is used where it cannot look: by the
tests and the build's tools (an API kept for them), by a library that calls it back, or as
an attribute a library reads. A name whose only use is here is dead: delete it, and its line.
This file is never imported.
"""

# ruff: noqa: B018, F821

# --- called back by a library -------------------------------------------------------------------
_._close_all  # engine/ai/arena/checkout.py: registered with atexit
_.handleError  # game/app/logs.py: logging.Handler calls it on a failed write
_.scan_to_next_token  # engine/inputs.py: PyYAML's scanner calls it
_.allow_simple_key  # engine/inputs.py: PyYAML's scanner reads it
_.maxlevel  # engine/inputs.py: reprlib.Repr's limits, read by reprlib
_.maxstring
_.maxother
_.maxdict
_.maxlist
_.maxset
_.maxtuple
_.wrapwidth  # game/app/catalog_files.py: polib reads it when it writes a catalog
_.previous_msgid  # game/app/catalogs.py, catalog_files.py: polib's entry fields
_.previous_msgid_plural
_.minimum_size  # game/app/window.py: pygame's Window reads it

# --- pygame's Rect anchors, set to place a rect ----------------------------------------------
_.midtop
_.midbottom
_.midright

# --- kept for the tests and the build's tools ---------------------------------------------------
_.odds_of  # engine/ai/beliefs.py
_.sample_deals  # engine/ai/sampling.py
_.card_points  # engine/cards.py
_.is_oudler
_.random_handful  # engine/randomplay.py
_.my_turn  # engine/views.py
_.catalogs  # game/app/i18n.py
_.use_catalogs
_.click  # game/driving.py: the tests and build/screenshots.py drive the game with it
_.card_point
_.waiting_for_human  # game/match/controller.py
_.go_to_trick  # game/replay/cursor.py
_.row_rect  # game/replay/lines.py
_.badge  # game/table/assist.py: where the practised badge was drawn
_.solid_rects  # game/table/layout.py
_.faces_on_show  # game/table/render.py
_.term  # game/table/score/panel.py: the rows that add up to the deal value
