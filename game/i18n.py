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
    # title menu, new game, settings, rules and finished deals (game/scenes/)
    "menu_tagline": ("3, 4 or 5 players · French Tarot Federation rules",
                     "3, 4 ou 5 joueurs · règles de la Fédération française de tarot"),
    "menu_saved_unreadable": ("The saved match cannot be loaded, so Continue is off; the file "
                              "is kept as it is. {problem}",
                              "La partie enregistrée ne peut pas être chargée : Continuer est "
                              "désactivé ; le fichier est conservé tel quel. {problem}"),
    "menu_saved_info": ("{players} players · deal {deal}", "{players} joueurs · donne {deal}"),
    "menu_saved_damaged": ("saved match damaged", "partie enregistrée abîmée"),
    "menu_keys": ("Up/Down: choose · Enter: open · Esc: quit",
                  "Haut/Bas : choisir · Entrée : ouvrir · Échap : quitter"),
    "menu_form_keys": ("Up/Down: line · Left/Right: change · Enter: start · Esc: back",
                       "Haut/Bas : ligne · Gauche/Droite : changer · Entrée : commencer · "
                       "Échap : retour"),
    "menu_settings_keys": ("Up/Down: line · Left/Right: change · Esc: back",
                           "Haut/Bas : ligne · Gauche/Droite : changer · Échap : retour"),
    "menu_rules_keys": ("Wheel, Up/Down, Page Up/Page Down: scroll · Esc: back",
                        "Molette, Haut/Bas, Page préc./suiv. : défiler · Échap : retour"),
    "menu_deals_keys": ("Up/Down: choose · Left/Right: players · Delete: delete · Esc: back",
                        "Haut/Bas : choisir · Gauche/Droite : joueurs · Suppr : supprimer · "
                        "Échap : retour"),
    "menu_you": ("You", "Vous"),
    "menu_at_the_table": ("At the table", "À la table"),
    "menu_bot_random": ("Random", "Au hasard"),
    "menu_bot_simple": ("Simple", "Simple"),
    "menu_variant_fft": ("FFT rules", "Règles FFT"),
    "menu_variant_miseres": ("Misères", "Misères"),
    "menu_variant_excuse_to_trick_winner": ("Excuse to the trick winner",
                                            "Excuse au gagnant du pli"),
    "menu_variant_call_any_card": ("Call any card", "Appel libre"),
    "menu_variant_desc_fft": ("French Tarot Federation rules (the defaults).",
                              "Les règles de la Fédération française de tarot (par défaut)."),
    "menu_variant_desc_miseres": (
        "Misère d'atout (no trump) and misère de têtes (no head, no oudler), 10 points from "
        "each other player.",
        "Misère d'atout (aucun atout) et misère de têtes (ni tête ni bout) : 10 points de "
        "chaque autre joueur."),
    "menu_variant_desc_excuse_to_trick_winner": (
        "An Excuse played to the last trick goes to the winner of that trick.",
        "L'Excuse jouée au dernier pli va au gagnant de ce pli."),
    "menu_variant_desc_call_any_card": (
        "With five players the taker may call any card, not only a king.",
        "À cinq joueurs, le preneur peut appeler n'importe quelle carte, pas seulement un roi."),
    "menu_back_blue": ("Blue", "Bleu"),
    "menu_back_red": ("Red", "Rouge"),
    "menu_back_green": ("Green", "Vert"),
    "menu_two_colours": ("Two colours", "Deux couleurs"),
    "menu_four_colours": ("Four colours", "Quatre couleurs"),
    "menu_rules_title": ("The rules of French Tarot", "Les règles du tarot"),
    "menu_yes": ("Yes", "Oui"),
    "menu_no": ("No", "Non"),
    "menu_all": ("All", "Toutes"),
    "menu_delete": ("Delete", "Supprimer"),
    "menu_delete_question": ("Delete the deal played on {date}?",
                             "Supprimer la donne jouée le {date} ?"),
    "menu_deal_deleted": ("Deal deleted.", "Donne supprimée."),
    "menu_deal_count": ("Deals: {count}", "Donnes : {count}"),
    "menu_no_deals": ("No finished deals.", "Aucune donne terminée."),
    "menu_deal_unreadable": ("Cannot be read: {problem}", "Illisible : {problem}"),
    "menu_date": ("Date", "Date"),
    "menu_taker": ("Taker", "Preneur"),
    "menu_contract": ("Contract", "Contrat"),
    "menu_result": ("Result", "Résultat"),
    "menu_made_by": ("Made by {margin}", "Passée de {margin}"),
    "menu_lost_by": ("Lost by {margin}", "Chutée de {margin}"),
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
    # the table (game/table/scene.py)
    "table_you": ("You", "Vous"),
    "table_your_turn": ("Your turn: drag a card to the table",
                        "À vous : posez une carte sur le tapis"),
    "table_your_bid": ("Your turn to bid", "À vous de parler"),
    "table_to_play": ("{name} to play", "À {name} de jouer"),
    "table_to_bid": ("{name} to bid", "À {name} de parler"),
    "table_to_call": ("{name} calls a king", "{name} appelle un roi"),
    "table_to_discard": ("{name} makes the discard", "{name} fait son écart"),
    "table_to_decide": ("{name} is deciding", "{name} réfléchit"),
    "table_thinking": ("thinking", "réfléchit"),
    "table_discard_help": ("Drag {n} cards into the discard, then confirm",
                           "Glissez {n} cartes dans l'écart, puis validez"),
    "table_discard_title": ("Discard {count} / {n}", "Écart {count} / {n}"),
    "table_discard_drop": ("Drop cards here", "Déposez les cartes ici"),
    "table_discard_ready": ("Discard complete: confirm it", "Écart complet : validez-le"),
    "table_confirm": ("Confirm", "Valider"),
    "table_change_discard": ("Change discard", "Refaire l'écart"),
    "table_keep_discard": ("Keep", "Garder"),
    "table_not_your_turn": ("It is not your turn.", "Ce n'est pas à vous de jouer."),
    "table_wait_bidding": ("Cards are played once the bidding is over.",
                           "On joue les cartes une fois les enchères finies."),
    "table_discard_first": ("Make your discard first: drag {n} cards into the marked area.",
                            "Faites d'abord l'écart : glissez {n} cartes dans la zone marquée."),
    "table_answer_first": ("Answer the question on the table first.",
                           "Répondez d'abord à la question posée."),
    "table_deal_over": ("The deal is over.", "La donne est finie."),
    "table_drop_on_table": ("Drop the card in the middle of the table to play it.",
                            "Lâchez la carte au milieu du tapis pour la jouer."),
    "table_must_follow": ("You must follow {suit}.", "Vous devez fournir à {suit}."),
    "table_must_overtrump": ("You must play a trump higher than the {rank}.",
                             "Vous devez monter : jouez un atout plus fort que le {rank}."),
    "table_must_trump": ("You have no {suit}: you must play a trump.",
                         "Vous n'avez plus de {suit} : vous devez couper."),
    "table_must_play_trump": ("Trumps were led: you must play a trump.",
                              "Atout demandé : vous devez jouer atout."),
    "table_called_suit": ("You may not lead {suit} to the first trick, except the called {card}.",
                          "Pas d'entame à {suit} au premier pli, sauf la carte appelée ({card})."),
    "table_no_kings": ("Kings may not be discarded.", "Les rois ne vont pas à l'écart."),
    "table_no_oudlers": ("Oudlers (the 21, the Petit and the Excuse) may not be discarded.",
                         "Les bouts (le 21, le Petit et l'Excuse) ne vont pas à l'écart."),
    "table_no_trumps": ("Trumps may be discarded only when you have too few other cards.",
                        "Un atout ne va à l'écart que faute d'autres cartes."),
    "table_trumps_limit": ("Only {n} trump(s) may go to the discard.",
                           "Seulement {n} atout(s) peuvent aller à l'écart."),
    "table_discard_full": ("The discard holds {n} cards already: take one back first.",
                           "L'écart a déjà {n} cartes : reprenez-en une d'abord."),
    "table_last_trick": ("Last trick", "Pli précédent"),
    "table_no_last_trick": ("No trick has been played yet.", "Aucun pli n'a encore été joué."),
    "table_last_trick_won": ("won by {name}", "remporté par {name}"),
    "table_close_hint": ("Click to close", "Cliquez pour fermer"),
    "table_menu": ("Menu", "Menu"),
    "table_deal_no": ("Deal {n}", "Donne {n}"),
    "table_contract_by": ("{contract} by {name}", "{contract} par {name}"),
    "table_bidding": ("Bidding", "Enchères"),
    "table_called": ("Called: {card}", "Appel : {card}"),
    "table_partner": ("Partner!", "Partenaire !"),
    "table_alone": ("Playing alone", "Joue seul"),
    "table_calls": ("I call the {card}", "J'appelle le {card}"),
    "table_slam": ("Slam!", "Chelem !"),
    "table_misere_trump": ("Misère of trumps", "Misère d'atout"),
    "table_misere_heads": ("Misère of heads", "Misère de têtes"),
    "table_handful_simple": ("Simple handful", "Simple poignée"),
    "table_handful_double": ("Double handful", "Double poignée"),
    "table_handful_triple": ("Triple handful", "Triple poignée"),
    "table_discard_shown": ("Trumps in the discard", "Atouts à l'écart"),
    "table_dog": ("The dog", "Le chien"),
    "table_tricks": ("{n} tricks", "{n} plis"),
    "table_one_trick": ("1 trick", "1 pli"),
    "table_all_passed": ("Everybody passed: the cards are dealt again.",
                         "Tout le monde a passé : on redonne."),
    "table_petit_sec": ("{name} holds the Petit sec: the cards are dealt again.",
                        "{name} a le Petit sec : on redonne."),
    "table_deal_cancelled": ("Deal cancelled", "Donne annulée"),
    "table_next_deal": ("Next deal", "Donne suivante"),
    "table_contract_made": ("Contract made", "Contrat réussi"),
    "table_contract_lost": ("Contract lost", "Contrat chuté"),
    "table_demo": ("Demo: the bots play every seat",
                   "Démo : les robots jouent à toutes les places"),
    # table dialogs (game/table/panels.py)
    "panel_bid_title": ("Your bid", "Votre enchère"),
    "panel_bid_open": ("Nobody has bid yet.", "Personne n'a encore pris."),
    "panel_bid_to_beat": ("To beat: {contract}", "À battre : {contract}"),
    "panel_bid_you": ("Your turn", "À vous"),
    "panel_call_king": ("Call a king", "Appelez un roi"),
    "panel_call_queen": ("Call a king or a queen", "Appelez un roi ou une dame"),
    "panel_call_knight": ("Call a king, queen or knight",
                          "Appelez un roi, une dame ou un cavalier"),
    "panel_call_jack": ("Call a head", "Appelez une tête"),
    "panel_call_any": ("Call a card", "Appelez une carte"),
    "panel_call_help": ("Whoever holds the card you call becomes your secret partner.",
                        "Celui qui détient la carte appelée devient votre partenaire secret."),
    "panel_call_lower": ("You hold all the higher heads, so you may call a lower one.",
                         "Vous détenez toutes les têtes au-dessus : vous pouvez appeler plus bas."),
    "panel_call_own": ("in your hand, you would play alone",
                       "dans votre main, vous joueriez seul"),
    "panel_call_click": ("Click the card to call.", "Cliquez sur la carte à appeler."),
    "panel_call_yours": ("yours", "à vous"),
    "panel_slam_title": ("Announce a slam?", "Annoncer un chelem ?"),
    "panel_slam_help": ("A slam promises to win every trick; announcing it lets you lead "
                        "the first trick.",
                        "Le chelem promet de faire tous les plis ; l'annoncer vous donne "
                        "l'entame."),
    "panel_slam_values": ("{made} if made, {failed} if not.",
                          "{made} s'il est réussi, {failed} sinon."),
    "panel_slam_no": ("No", "Non"),
    "panel_slam_yes": ("Announce slam", "Annoncer le chelem"),
    "panel_handful_title": ("Show a handful?", "Montrer une poignée ?"),
    "panel_handful_help": ("You hold {trumps} trumps{excuse}.",
                           "Vous avez {trumps} atouts{excuse}."),
    "panel_handful_and_excuse": (" and the Excuse", " et l'Excuse"),
    "panel_handful_bonus_rule": ("The bonus goes to the camp that wins the contract.",
                                 "La prime va au camp qui gagne le contrat."),
    "panel_handful_show_simple": ("Show a simple handful", "Montrer une simple poignée"),
    "panel_handful_show_double": ("Show a double handful", "Montrer une double poignée"),
    "panel_handful_show_triple": ("Show a triple handful", "Montrer une triple poignée"),
    "panel_handful_note": ("{count} trumps · {bonus} points", "{count} atouts · {bonus} points"),
    "panel_handful_simple": ("Simple handful", "Simple poignée"),
    "panel_handful_double": ("Double handful", "Double poignée"),
    "panel_handful_triple": ("Triple handful", "Triple poignée"),
    "panel_handful_pick": ("Click cards in your hand to change which trumps you show.",
                           "Cliquez sur les cartes de votre main pour choisir les atouts montrés."),
    "panel_handful_chosen": ("{n} / {total} chosen", "{n} / {total} choisis"),
    "panel_handful_only_trumps": ("Only trumps (and the Excuse) can be shown.",
                                  "Seuls les atouts (et l'Excuse) se montrent."),
    "panel_handful_excuse": ("The Excuse may stand for a trump only when every trump is shown.",
                             "L'Excuse ne remplace un atout que si tous les atouts sont montrés."),
    "panel_handful_more": ("Choose {n} more.", "Encore {n} à choisir."),
    "panel_handful_fewer": ("{n} too many.", "{n} de trop."),
    "panel_handful_ready": ("Ready to show.", "Prête à montrer."),
    "panel_handful_confirm": ("Show handful", "Montrer la poignée"),
    "panel_no_thanks": ("No thanks", "Non merci"),
    "panel_misere_title": ("Announce a misère?", "Annoncer une misère ?"),
    "panel_misere_help_trump": ("You hold no trump: a misère d'atout earns {value} points from "
                                "each other player.",
                                "Vous n'avez aucun atout : la misère d'atout vous rapporte "
                                "{value} points de chaque joueur."),
    "panel_misere_help_heads": ("You hold no head and no oudler: a misère de têtes earns {value} "
                                "points from each other player.",
                                "Vous n'avez ni tête ni bout : la misère de têtes vous rapporte "
                                "{value} points de chaque joueur."),
    "panel_misere_announce_trump": ("Misère d'atout", "Misère d'atout"),
    "panel_misere_announce_heads": ("Misère de têtes", "Misère de têtes"),
    # end of a deal (game/table/score.py)
    "score_sheet": ("Score sheet", "Feuille de marque"),
    "score_next_deal": ("Next deal", "Donne suivante"),
    "score_cancelled_title": ("Deal cancelled", "Donne annulée"),
    "score_title_made": ("{contract} made by {margin}", "{contract} passée de {margin}"),
    "score_title_lost": ("{contract} lost by {margin}", "{contract} chutée de {margin}"),
    "score_deal_number": ("Deal {n}", "Donne {n}"),
    "score_taker_is": ("taken by {name}", "prise par {name}"),
    "score_contract": ("Contract", "Contrat"),
    "score_called": ("Called card", "Carte appelée"),
    "score_partner": ("Partner", "Partenaire"),
    "score_alone": ("none, the taker played alone", "aucun, le preneur a joué seul"),
    "score_points": ("Taker's card points", "Points du preneur"),
    "score_defence_points": ("defence {points}", "défense {points}"),
    "score_oudlers": ("Oudlers", "Bouts"),
    "score_target": ("target {target}", "il faut {target}"),
    "score_margin": ("Margin", "Écart"),
    "score_made_by": ("made by {n}", "passée de {n}"),
    "score_lost_by": ("lost by {n}", "chutée de {n}"),
    "score_base": ("Contract base + margin", "Base du contrat + écart"),
    "score_multiplied": ("\u00d7 {m} (contract)", "\u00d7 {m} (contrat)"),
    "score_sign_made": ("won", "gagné"),
    "score_sign_lost": ("lost", "perdu"),
    "score_petit_au_bout": ("Petit au bout", "Petit au bout"),
    "score_camp_taker": ("taker's camp", "camp du preneur"),
    "score_camp_defence": ("defence", "défense"),
    "score_handfuls": ("Handfuls", "Poignées"),
    "score_handful_simple": ("simple", "simple"),
    "score_handful_double": ("double", "double"),
    "score_handful_triple": ("triple", "triple"),
    "score_slam": ("Slam", "Chelem"),
    "score_slam_announced_made": ("announced and made", "annoncé et réussi"),
    "score_slam_made": ("made, not announced", "réussi sans annonce"),
    "score_slam_announced_failed": ("announced, not made", "annoncé, non réussi"),
    "score_slam_defence": ("the defence won every trick", "la défense a fait tous les plis"),
    "score_value": ("Deal value V", "Valeur de la donne V"),
    "score_miseres": ("Misères, apart from V", "Misères, hors V"),
    "score_cancel_all_passed": ("Everyone passed.", "Tout le monde a passé."),
    "score_cancel_petit_sec": ("Petit sec: {name} held the Petit as their only trump.",
                               "Petit sec : {name} avait le Petit pour seul atout."),
    "score_cancel_redeal": ("Nobody scores; the next dealer deals again.",
                            "Personne ne marque ; le donneur suivant redistribue."),
    "score_player": ("Player", "Joueur"),
    "score_role": ("Role", "Rôle"),
    "score_misere_column": ("Misère", "Misère"),
    "score_this_deal": ("This deal", "Donne"),
    "score_total": ("Total", "Total"),
    "score_role_taker": ("Taker", "Preneur"),
    "score_role_partner": ("Partner", "Partenaire"),
    "score_role_defence": ("Defence", "Défense"),
    "score_split_taker": ("taker {k} \u00d7 V", "preneur {k} \u00d7 V"),
    "score_split_partner": ("partner {k} \u00d7 V", "partenaire {k} \u00d7 V"),
    "score_split_defence": ("each defender \u2212V", "chaque défenseur \u2212V"),
    "sheet_number": ("#", "n°"),
    "sheet_dealer": ("Dealer", "Donneur"),
    "sheet_taker": ("Taker", "Preneur"),
    "sheet_contract": ("Contract", "Contrat"),
    "sheet_result": ("Result", "Résultat"),
    "sheet_seat_hint": ("deal / total", "donne / total"),
    "sheet_empty": ("No deal is over yet.", "Aucune donne terminée."),
    "sheet_totals": ("Totals", "Totaux"),
    "sheet_all_passed": ("all passed", "tous passent"),
    "sheet_petit_sec": ("petit sec", "petit sec"),
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
