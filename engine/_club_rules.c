/* The club player's card play (engine/ai/club.py: choose_card and the rules it calls) on masks
 * of two 64-bit words, for the compiled play-outs of engine/_club.c. Every function is its
 * Python namesake, test for test, in the same order; tests/ai/test_club_speedups.py compares
 * the two at thousands of decisions. */

#include "_club.h"

int HALF[DECK];
static int COST[DECK];        /* points, then rank: the cheapest card has the smallest */
static Mask HIGHER[DECK];     /* the cards of the card's suit (or trumps) above it */
Mask FULL_DECK;
static Mask PLAIN_MASK, ORDINARY_TRUMPS, KING_MASK;
static const int BY_VALUE[] = {9, 7, 5, 3, 1}; /* the values a card has, the richest first */


static int holds(const Reading *r, int card, int seats)
{
    if (!seats)
        return 1;
    Mask higher = m_and(r->unseen, HIGHER[card]);
    if (card >= FIRST_TRUMP)
        return !m_any(higher) || (seats & ~r->no_trumps) == 0;
    int suit = card / 14;
    if ((seats & ~r->no_trumps) && !m_any(m_and(r->unseen, SUIT_MASKS[suit])))
        return 0; /* nobody else has this suit: every later seat may trump */
    int bit = 1 << suit;
    for (int seat = 0; seats; seats >>= 1, seat++) {
        if (!(seats & 1))
            continue;
        if (r->voids[seat] & bit) {
            if (!(r->no_trumps >> seat & 1))
                return 0;
        }
        else if (m_any(higher))
            return 0;
    }
    return 1;
}

static int seen_before(const Reading *r, int suit)
{
    Mask seen = m_and(SUIT_MASKS[suit], m_not(m_or(m_or(r->unseen, r->hand), r->trick_cards)));
    return m_any(seen);
}

static int beats(const Reading *r, int card)
{
    if (card == EXCUSE)
        return 0;
    int best = r->win_card;
    if (best < 0)
        return 1;
    if (card >= FIRST_TRUMP)
        return card > best || best < FIRST_TRUMP;
    return best < FIRST_TRUMP && card / 14 == best / 14 && card > best;
}

static int lowest(Mask cards)
{
    int best = -1, key = 1 << 30;
    while (m_any(cards)) {
        int card = m_low(cards);
        if (COST[card] < key) {
            best = card;
            key = COST[card];
        }
        cards = m_without(cards, card);
    }
    return best;
}

static int richest(Mask cards)
{
    int best = -1, key = -1;
    while (m_any(cards)) {
        int card = m_low(cards);
        if (COST[card] >= key) {
            best = card;
            key = COST[card];
        }
        cards = m_without(cards, card);
    }
    return best;
}

static int low_trump(Mask trumps)
{
    Mask ordinary = m_and(trumps, ORDINARY_TRUMPS);
    if (m_any(ordinary))
        return m_low(ordinary);
    return m_has(trumps, TWENTY_ONE) ? TWENTY_ONE : PETIT;
}

static int low_of_long_suit(Mask plain)
{
    int best_suit = 0, best_short = -1, best_all = -1;
    for (int suit = 0; suit < 4; suit++) {
        Mask cards = m_and(plain, SUIT_MASKS[suit]);
        int no_king = m_count(m_and(cards, m_not(KING_MASK))), all = m_count(cards);
        if (no_king > best_short || (no_king == best_short && all > best_all)) {
            best_suit = suit;
            best_short = no_king;
            best_all = all;
        }
    }
    Mask cards = m_and(plain, SUIT_MASKS[best_suit]);
    Mask low = m_and(cards, m_not(KING_MASK));
    return lowest(m_any(low) ? low : cards);
}

/* club.HUNT_TRUMPS, club.VOID_LEAD_MAX */
#define HUNT_TRUMPS 4
#define VOID_LEAD_MAX 5
static Mask ODD_TRUMPS;

static int hunts(const Reading *r, Mask trumps)
{
    if (!m_has(r->unseen, PETIT) || r->no_trumps >> r->taker & 1)
        return 0;
    if (r->n == 5 && !r->friends)
        return 0;
    if (r->hunters & r->friends)
        return 1;
    int mine = m_count(trumps);
    if (mine < 3 || mine * 18 < HUNT_TRUMPS * r->tricks_left || r->taker_trumps >= mine)
        return 0;
    int unseen = m_count(m_and(r->unseen, TRUMP_MASK)), holders = 0;
    for (int seat = 0; seat < r->n; seat++)
        holders += seat != r->me && !(r->no_trumps >> seat & 1);
    return mine * holders >= 2 * unseen;
}

static int hunting_trump(Mask trumps)
{
    Mask ordinary = m_and(trumps, ORDINARY_TRUMPS);
    if (!m_any(ordinary))
        return low_trump(trumps);
    Mask odd = m_and(ordinary, ODD_TRUMPS);
    return m_high(m_any(odd) ? odd : ordinary);
}

static int lead(const Reading *r)
{
    Mask legal = m_and(r->legal, m_not(EXCUSE_BIT));
    if (!m_any(legal))
        return EXCUSE;
    Mask plain = m_and(legal, PLAIN_MASK);
    Mask trumps = m_and(legal, TRUMP_MASK);
    if (m_any(plain)) {
        /* cash a master plain card where no foe is known to be able to trump, richest first */
        int others = ((1 << r->n) - 1) & ~(1 << r->me) & ~r->friends;
        for (int v = 0; v < (int)(sizeof BY_VALUE / sizeof BY_VALUE[0]); v++) {
            Mask cards = plain;
            while (m_any(cards)) {
                int card = m_low(cards);
                cards = m_without(cards, card);
                if (HALF[card] == BY_VALUE[v] && !m_any(m_and(r->unseen, HIGHER[card])) &&
                    holds(r, card, others) && (r->attacking || seen_before(r, card / 14)))
                    return card;
            }
        }
    }
    if (r->me == r->taker && m_any(trumps)) {
        int unseen_trumps = m_count(m_and(r->unseen, TRUMP_MASK));
        if (unseen_trumps && m_count(trumps) > unseen_trumps) {
            int top = m_high(trumps);
            if (!m_any(m_and(r->unseen, HIGHER[top])) && top != PETIT)
                return top;
            return low_trump(trumps);
        }
    }
    if (!r->attacking && m_any(trumps) && hunts(r, trumps))
        return hunting_trump(trumps);
    if (m_any(plain)) {
        if (!r->attacking) { /* make the taker trump: lead where a foe is void */
            for (int seat = 0, foes = r->foes; foes; foes >>= 1, seat++) {
                if (!(foes & 1) || r->no_trumps >> seat & 1)
                    continue;
                for (int suit = 0; suit < 4; suit++) {
                    Mask cards = m_and(plain, SUIT_MASKS[suit]);
                    if (m_any(cards) && r->voids[seat] >> suit & 1) {
                        int card = lowest(cards);
                        if (HALF[card] <= VOID_LEAD_MAX)
                            return card;
                    }
                }
            }
        }
        return low_of_long_suit(plain);
    }
    return low_trump(trumps);
}

static int feed(const Reading *r, Mask cards)
{
    if (m_has(cards, PETIT) && m_any(m_and(r->unseen, TRUMP_MASK)))
        return PETIT;
    Mask plain = m_and(cards, m_not(TRUMP_MASK));
    return m_any(plain) ? richest(plain) : low_trump(cards);
}

static int take(const Reading *r, Mask winners, Mask safe)
{
    if (m_has(safe, PETIT)) {
        if (m_any(m_and(r->unseen, TRUMP_MASK)))
            return PETIT;
        /* nobody else holds a trump: the Petit waits for the last trick */
        safe = m_without(safe, PETIT);
        winners = m_without(winners, PETIT);
    }
    Mask cheap = m_without(safe, TWENTY_ONE);
    if (m_any(cheap))
        return m_low(cheap);
    if (m_has(safe, TWENTY_ONE) && (r->points >= 7 || r->petit_on_table || r->tricks_left <= 2))
        return TWENTY_ONE;
    Mask trumps = m_and(winners, ORDINARY_TRUMPS);
    return m_any(trumps) ? m_low(trumps) : -1;
}

static int duck(const Reading *r, Mask cards)
{
    Mask plain = m_and(cards, m_not(TRUMP_MASK));
    if (!m_any(plain))
        return low_trump(cards);
    if (r->led >= 0 && m_any(m_and(plain, SUIT_MASKS[r->led])))
        return lowest(plain);
    /* a free discard: low cards of short suits, kings and masters kept */
    int best = -1, best_key[3] = {2, 0, 0};
    Mask rest = plain;
    while (m_any(rest)) {
        int card = m_low(rest);
        rest = m_without(rest, card);
        int valuable = !m_any(m_and(r->unseen, HIGHER[card])) || HALF[card] >= 7;
        int key[3] = {valuable, HALF[card], m_count(m_and(r->hand, SUIT_MASKS[card / 14]))};
        int less = key[0] != best_key[0]   ? key[0] < best_key[0]
                   : key[1] != best_key[1] ? key[1] < best_key[1]
                                           : key[2] < best_key[2];
        if (less) {
            best = card;
            best_key[0] = key[0];
            best_key[1] = key[1];
            best_key[2] = key[2];
        }
    }
    return best;
}

static int risks_the_petit(const Reading *r)
{
    if (r->led < 0 || r->led == SUIT_TRUMP || r->win_card >= FIRST_TRUMP)
        return 0;
    for (int seat = 0; seat < r->n; seat++)
        if (r->later >> seat & 1 && r->voids[seat] >> r->led & 1)
            return 0;
    if (m_count(m_and(r->unseen, SUIT_MASKS[r->led])) < 2 * bits64((uint64_t)r->later))
        return 0;
    int others = m_count(m_without(m_and(r->hand, TRUMP_MASK), PETIT));
    return 2 * others < m_count(m_and(r->unseen, TRUMP_MASK));
}

static int friend_ruffs(const Reading *r)
{
    if (r->win_card >= FIRST_TRUMP || r->led == SUIT_TRUMP)
        return 0;
    for (int seat = 0; seat < r->n; seat++)
        if (r->later >> seat & 1 && r->voids[seat] >> r->led & 1 && !(r->no_trumps >> seat & 1))
            return 1;
    return 0;
}

/* a defender facing a plain suit's first round with the taker still to play and able to
   trump: the taker may have set the suit aside, so the defender does not win it with a head
   (three and four players: club.py says why not five) */
static int taker_may_ruff(const Reading *r, int threats)
{
    return r->n < 5 && !r->attacking && r->led >= 0 && r->led < SUIT_TRUMP && r->win_card < FIRST_TRUMP &&
           (threats >> r->taker & 1) && !(r->no_trumps >> r->taker & 1) &&
           !seen_before(r, r->led);
}

static int follow(const Reading *r)
{
    Mask choices = m_and(r->legal, m_not(EXCUSE_BIT));
    if (!m_any(choices))
        return EXCUSE;
    int threats = r->later & ~r->friends;
    if (r->winner >= 0 && r->friends >> r->winner & 1 && holds(r, r->win_card, threats) &&
        (!(threats >> r->taker & 1) || r->win_card >= FIRST_TRUMP || seen_before(r, r->led)))
        return feed(r, choices);
    if (r->attacking && m_has(choices, PETIT) && threats && risks_the_petit(r))
        return PETIT;
    Mask winners = EMPTY, safe = EMPTY, rest = choices;
    int ruffable = taker_may_ruff(r, threats);
    while (m_any(rest)) {
        int card = m_low(rest);
        rest = m_without(rest, card);
        if (beats(r, card)) {
            winners = m_or(winners, m_bit(card));
            if (holds(r, card, threats) && !(ruffable && card < FIRST_TRUMP))
                safe = m_or(safe, m_bit(card));
        }
    }
    if (m_any(winners)) {
        int card = take(r, winners, safe);
        if (card >= 0)
            return card;
    }
    else if (!threats && r->winner >= 0 && r->foes >> r->winner & 1 && friend_ruffs(r))
        return feed(r, choices);
    int card = duck(r, choices);
    if ((HALF[card] >= 7 || card == PETIT) && m_has(r->legal, EXCUSE))
        return EXCUSE; /* rather than hand a head or the Petit to the other camp */
    return card;
}

int club_choose(const Reading *r)
{
    /* the Excuse is played before the last trick, but kept to lead a slam's last one */
    if (m_has(r->legal, EXCUSE) && r->tricks_left <= 2 &&
        (!(r->slam_on && r->trick_len == 0) || r->tricks_left == 1))
        return EXCUSE;
    return r->trick_len == 0 ? lead(r) : follow(r);
}

void club_tables(void)
{
    FULL_DECK = m_not(EMPTY);
    PLAIN_MASK = m_or(m_or(SUIT_MASKS[0], SUIT_MASKS[1]), m_or(SUIT_MASKS[2], SUIT_MASKS[3]));
    ORDINARY_TRUMPS = m_without(m_without(TRUMP_MASK, PETIT), TWENTY_ONE);
    KING_MASK = EMPTY;
    ODD_TRUMPS = EMPTY;
    for (int c = PETIT + 2; c < TWENTY_ONE; c += 2)
        ODD_TRUMPS = m_or(ODD_TRUMPS, m_bit(c));
    for (int suit = 0; suit < 4; suit++)
        KING_MASK = m_or(KING_MASK, m_bit(14 * suit + KING - 1));
    for (int c = 0; c < DECK; c++) {
        int rank = c < FIRST_TRUMP ? c % 14 + 1 : c == EXCUSE ? 0 : c - FIRST_TRUMP + 1;
        if (c == EXCUSE || c == PETIT || c == TWENTY_ONE)
            HALF[c] = 9;
        else if (c >= FIRST_TRUMP)
            HALF[c] = 1;
        else
            HALF[c] = rank == 14 ? 9 : rank == 13 ? 7 : rank == 12 ? 5 : rank == 11 ? 3 : 1;
        COST[c] = HALF[c] * 32 + rank;
        if (c == EXCUSE)
            HIGHER[c] = EMPTY;
        else if (c >= FIRST_TRUMP)
            HIGHER[c] = TRUMPS_ABOVE[rank];
        else {
            HIGHER[c] = EMPTY;
            for (int above = c + 1; above < 14 * (c / 14 + 1); above++)
                HIGHER[c] = m_or(HIGHER[c], m_bit(above));
        }
    }
}
