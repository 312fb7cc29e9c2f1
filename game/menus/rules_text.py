"""The rules summary shown in the game, in English and French.

A light markup, one block per line: ``# `` a heading, ``- `` a bullet, ``| a | b |`` a table
row (the first row of a table is its header), anything else a paragraph. A line that starts
with two spaces carries on the block above it.
"""

from __future__ import annotations

RULES_EN = """\
# Cards and points
78 cards: four suits of 14 (King, Queen, Knight, Jack, 10 down to 1), 21 trumps numbered 1 (the
  Petit) to 21, and the Excuse, which is neither suit nor trump.
The three oudlers are the 21, the Petit and the Excuse. The deck holds 91 points.
| card | points |
| oudler (21, Petit, Excuse) | 4.5 |
| King | 4.5 |
| Queen | 3.5 |
| Knight | 2.5 |
| Jack | 1.5 |
| any other card | 0.5 |
# The deal
Play goes counter-clockwise: the next seat sits on your right. The dealer changes every deal; the
  seat after the dealer speaks and leads first.
| players | cards each | dog |
| 3 | 24 | 6 |
| 4 | 18 | 6 |
| 5 | 15 | 3 |
A player whose only trump is the Petit, without the Excuse (Petit sec), shows it: the deal is
  cancelled and dealt again.
# Bidding and contracts
One round: each player passes or names a contract higher than the last. The highest bidder is the
  taker and plays against the others, the defence. If everyone passes, the cards are dealt again.
| contract | multiplier | the dog |
| Petite | ×1 | shown, taken by the taker |
| Garde | ×2 | shown, taken by the taker |
| Garde sans | ×4 | not shown, counts for the taker |
| Garde contre | ×6 | not shown, counts for the defence |
# Five players: the called king
The taker calls a king by its suit. Whoever holds it is the taker's secret partner, revealed when
  the card is played. Holding all four kings, the taker may call a queen (and so on). Calling a
  card of one's own hand, or one that lies in the dog, means playing alone.
On the first trick, the called suit may not be led, except the called card itself.
# The dog and the discard
In a Petite or Garde the dog is shown to everyone, then the taker adds it to their hand and
  discards as many cards face down. Kings and oudlers may never be discarded; trumps only when
  there is nothing else to discard, and they are shown. The discard counts for the taker.
The taker may change the discard until they play their first card, even once the others have
  begun the trick (the "Change discard" button), but not after showing a handful or announcing
  a misère: a declaration makes the discard final.
# Slam
After the discard, the taker may announce a slam: the promise to win every trick. The taker then
  leads the first trick.
# Handfuls
Holding enough trumps, a player may show them when playing their first card. The Excuse may stand
  for a trump only when no other trump stays hidden.
| players | simple | double | triple |
| 3 | 13 | 15 | 18 |
| 4 | 10 | 13 | 15 |
| 5 | 8 | 10 | 13 |
| bonus | 20 | 30 | 40 |
The bonus goes to the camp that wins the contract, whoever showed the handful.
# Playing the tricks
- Follow the suit led if you can.
- Otherwise you must trump, higher than the trumps already played if you can; if you cannot, play
  any trump.
- With neither the suit nor a trump, play any card.
- When trumps are led, play a higher trump if you can, otherwise any trump.
- The Excuse may be played at any time instead. It never wins the trick; its owner keeps it and
  gives a half-point card in exchange. Played to the last trick it goes to the other camp, unless
  it completes a slam, in which case it wins that trick.
The highest trump wins the trick, otherwise the highest card of the suit led. The winner leads
  next.
# Counting
The taker's camp counts the points of its tricks (and of the discard or the dog in Garde sans). The
  points it needs depend on the oudlers it holds at the end:
| oudlers | 0 | 1 | 2 | 3 |
| points needed | 56 | 51 | 41 | 36 |
Reaching the target wins the contract. The margin is the difference, a half point rounded in favour
  of the winning camp.
# Scoring a deal
Deal value = (25 + margin) × multiplier, plus or minus:
- Petit au bout: the Petit in the last trick, 10 × multiplier for the camp that wins that trick;
- handfuls: their bonus, to the camp that wins the contract;
- slam: +400 announced and made, +200 made without announcement, −200 announced and failed; −200
  when the defence wins every trick.
Each defender scores minus the value; the taker scores the value times the number of defenders.
  With five players the taker scores double, the partner once. Every deal's scores add up to zero,
  and a match keeps running totals.
"""

RULES_FR = """\
# Les cartes et les points
78 cartes : quatre couleurs de 14 (Roi, Dame, Cavalier, Valet, 10 jusqu'à 1), 21 atouts numérotés
  de 1 (le Petit) à 21, et l'Excuse, ni couleur ni atout.
Les trois bouts (oudlers) sont le 21, le Petit et l'Excuse. Le jeu vaut 91 points.
| carte | points |
| bout (21, Petit, Excuse) | 4,5 |
| Roi | 4,5 |
| Dame | 3,5 |
| Cavalier | 2,5 |
| Valet | 1,5 |
| toute autre carte | 0,5 |
# La donne
On joue dans le sens inverse des aiguilles d'une montre : le joueur suivant est à votre droite. Le
  donneur change à chaque donne ; le joueur après le donneur parle et entame le premier.
| joueurs | cartes chacun | chien |
| 3 | 24 | 6 |
| 4 | 18 | 6 |
| 5 | 15 | 3 |
Un joueur dont le seul atout est le Petit, sans l'Excuse (Petit sec), le montre : la donne est
  annulée et redistribuée.
# Les enchères et les contrats
Un seul tour : chacun passe ou annonce un contrat plus fort que le précédent. Le plus fort
  enchérisseur est le preneur et joue contre les autres, la défense. Si tout le monde passe, on
  redistribue.
| contrat | multiplicateur | le chien |
| Petite | ×1 | montré, pris par le preneur |
| Garde | ×2 | montré, pris par le preneur |
| Garde sans | ×4 | non montré, compte pour le preneur |
| Garde contre | ×6 | non montré, compte pour la défense |
# À cinq joueurs : le roi appelé
Le preneur appelle un roi par sa couleur. Celui qui le détient est son partenaire secret, révélé
  quand la carte est jouée. Avec les quatre rois, le preneur peut appeler une dame (et ainsi de
  suite). Appeler une carte de sa main, ou une carte qui est au chien, c'est jouer seul.
Au premier pli, on ne peut pas entamer la couleur appelée, sauf avec la carte appelée elle-même.
# Le chien et l'écart
En Petite ou en Garde, le chien est montré à tous, puis le preneur le prend et écarte autant de
  cartes, faces cachées. Les rois et les bouts ne s'écartent jamais ; les atouts seulement faute
  d'autre carte, et ils sont montrés. L'écart compte pour le preneur.
Le preneur peut changer son écart jusqu'à sa première carte, même quand les autres ont commencé
  le pli (le bouton « Refaire l'écart »), mais plus après avoir montré une poignée ou annoncé une
  misère : une annonce rend l'écart définitif.
# Le chelem
Après l'écart, le preneur peut annoncer un chelem : la promesse de faire tous les plis. Il entame
  alors le premier pli.
# Les poignées
Avec assez d'atouts, un joueur peut les montrer en jouant sa première carte. L'Excuse peut
  remplacer un atout seulement si aucun autre atout ne reste caché.
| joueurs | simple | double | triple |
| 3 | 13 | 15 | 18 |
| 4 | 10 | 13 | 15 |
| 5 | 8 | 10 | 13 |
| prime | 20 | 30 | 40 |
La prime va au camp qui gagne le contrat, quel que soit celui qui a montré la poignée.
# Le jeu de la carte
- On fournit la couleur demandée si on le peut.
- Sinon on doit couper, plus haut que les atouts déjà joués si possible ; sinon on pisse un atout
  quelconque.
- Sans la couleur ni atout, on joue n'importe quelle carte.
- Quand l'atout est demandé, on monte si on le peut, sinon on joue un atout quelconque.
- L'Excuse se joue à tout moment à la place. Elle ne gagne jamais le pli ; son propriétaire la
  garde et donne une carte d'un demi-point en échange. Jouée au dernier pli, elle change de camp,
  sauf si elle termine un chelem : elle remporte alors ce pli.
Le plus fort atout remporte le pli, sinon la plus forte carte de la couleur demandée. Le gagnant
  entame le pli suivant.
# Le décompte
Le camp du preneur compte les points de ses plis (et de l'écart, ou du chien en Garde sans). Les
  points nécessaires dépendent des bouts qu'il possède à la fin :
| bouts | 0 | 1 | 2 | 3 |
| points nécessaires | 56 | 51 | 41 | 36 |
Atteindre le total gagne le contrat. L'écart est la différence, le demi-point arrondi en faveur du
  camp gagnant.
# La marque d'une donne
Valeur de la donne = (25 + écart) × multiplicateur, plus ou moins :
- Petit au bout : le Petit au dernier pli, 10 × multiplicateur pour le camp qui remporte ce pli ;
- poignées : leur prime, au camp qui gagne le contrat ;
- chelem : +400 annoncé et réussi, +200 réussi sans annonce, −200 annoncé et chuté ; −200 si la
  défense fait tous les plis.
Chaque défenseur marque moins la valeur ; le preneur marque la valeur fois le nombre de défenseurs.
  À cinq, le preneur marque le double et le partenaire une fois. La somme des points d'une donne
  est nulle, et une partie tient les totaux cumulés.
"""

RULES = {"en": RULES_EN, "fr": RULES_FR}
