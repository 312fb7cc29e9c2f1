"""English and French texts: every word the game shows goes through :func:`tr`.

Keys are short English identifiers; a missing French text falls back to English, and a
missing key shows the key itself (so a gap is visible, never a crash).
"""

from __future__ import annotations

from engine import cards as C

TEXTS: dict[str, tuple[str, str]] = {
    # menu
    "title": ("French Tarot", "Tarot"),
    "new_game": ("New game", "Nouvelle partie"),
    "continue": ("Continue", "Continuer"),
    "finished_deals": ("Finished deals", "Donnes jouées"),
    "settings": ("Settings", "Réglages"),
    "rules_summary": ("Rules", "Règles"),
    "quit": ("Quit", "Quitter"),
    "back": ("Back", "Retour"),
    "start": ("Start", "Commencer"),
    "players": ("Players", "Joueurs"),
    "bot_level": ("Opponents", "Adversaires"),
    "variant": ("Rules variant", "Variante"),
    "player_name": ("Your name", "Votre nom"),
    # settings
    "sound": ("Sound", "Son"),
    "animation_speed": ("Animation speed", "Vitesse des animations"),
    "card_back": ("Card back", "Dos des cartes"),
    "four_colour": ("Four-colour deck", "Jeu quatre couleurs"),
    "language": ("Language", "Langue"),
    "highlight_winner": ("Highlight the winning card", "Surligner la carte maîtresse"),
    "on": ("On", "Oui"),
    "off": ("Off", "Non"),
    "slow": ("Slow", "Lente"),
    "normal": ("Normal", "Normale"),
    "fast": ("Fast", "Rapide"),
    "instant": ("Instant", "Instantanée"),
    # contracts and bids
    "pass": ("Pass", "Passe"),
    "petite": ("Petite", "Petite"),
    "garde": ("Garde", "Garde"),
    "garde_sans": ("Garde sans", "Garde sans"),
    "garde_contre": ("Garde contre", "Garde contre"),
    # seats
    "seat_south": ("South", "Sud"),
    "seat_east": ("East", "Est"),
    "seat_north": ("North", "Nord"),
    "seat_west": ("West", "Ouest"),
    "seat_north_east": ("North-East", "Nord-Est"),
    "seat_north_west": ("North-West", "Nord-Ouest"),
}

#: Seat names by player count, seat 0 (the human, at the bottom) first, counter-clockwise.
SEAT_KEYS = {
    3: ("seat_south", "seat_east", "seat_west"),
    4: ("seat_south", "seat_east", "seat_north", "seat_west"),
    5: ("seat_south", "seat_east", "seat_north_east", "seat_north_west", "seat_west"),
}

_SUITS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}
_RANKS = {
    "en": {11: "jack", 12: "knight", 13: "queen", 14: "king"},
    "fr": {11: "valet", 12: "cavalier", 13: "dame", 14: "roi"},
}


def tr(key: str, lang: str = "en", **values: object) -> str:
    """The text for ``key`` in ``lang`` (``"en"`` or ``"fr"``), formatted with ``values``."""
    pair = TEXTS.get(key)
    text = key if pair is None else pair[1] if lang == "fr" and pair[1] else pair[0]
    return text.format(**values) if values else text


def seat_name(seat: int, players: int, lang: str = "en") -> str:
    return tr(SEAT_KEYS[players][seat], lang)


def card_name(card: int, lang: str = "en") -> str:
    """A card in words: ``king of hearts`` / ``roi de cœur``, ``trump 14`` / ``atout 14``."""
    if card == C.EXCUSE:
        return "the Excuse" if lang == "en" else "l'Excuse"
    rank = C.rank_of(card)
    if C.is_trump(card):
        if rank == 1:
            return "the Petit" if lang == "en" else "le Petit"
        return f"trump {rank}" if lang == "en" else f"atout {rank}"
    suit = _SUITS[lang][C.suit_of(card)]
    word = _RANKS[lang].get(rank, str(rank))
    return f"{word} of {suit}" if lang == "en" else f"{word} de {suit}"


def suit_name(suit: int, lang: str = "en") -> str:
    if suit == C.TRUMP:
        return "trumps" if lang == "en" else "atout"
    return _SUITS[lang][suit]
