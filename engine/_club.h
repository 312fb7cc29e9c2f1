/* The club player's rules on masks (engine/_club_rules.c), for the play-outs of
 * engine/_club.c: what a seat knows when it chooses a card (club.Reading) and the card it
 * chooses (club.choose_card). */

#ifndef TAROT_CLUB_H
#define TAROT_CLUB_H

#include "_speedups.h"

#define MAX_PLAYERS 8
#define PETIT FIRST_TRUMP
#define TWENTY_ONE (FIRST_TRUMP + 20)
#define KING 14

extern Mask FULL_DECK;
extern int HALF[DECK]; /* half points (engine.cards.HALF_POINTS) */

/* Counting and finding the cards of a mask: the compiler's builtins (gcc, clang) or
 * Visual Studio's intrinsics. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int bits64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL) >> 56);
}
static inline int low64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static inline int high64(uint64_t x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
#else
static inline int bits64(uint64_t x) { return __builtin_popcountll(x); }
static inline int low64(uint64_t x) { return __builtin_ctzll(x); }
static inline int high64(uint64_t x) { return 63 - __builtin_clzll(x); }
#endif

static inline int m_count(Mask m) { return bits64(m.lo) + bits64(m.hi); }
/* The lowest and the highest card of a mask that is not empty. */
static inline int m_low(Mask m) { return m.lo ? low64(m.lo) : 64 + low64(m.hi); }
static inline int m_high(Mask m) { return m.hi ? 64 + high64(m.hi) : high64(m.lo); }
static inline int m_has(Mask m, int card) { return m_any(m_and(m, m_bit(card))); }
static inline Mask m_without(Mask m, int card) { return m_and(m, m_not(m_bit(card))); }

/* What the seat to play knows (club.Reading). */
typedef struct {
    int n, me, taker;
    Mask hand, legal, unseen;
    const int *voids;
    int no_trumps, friends, foes, attacking;
    int trick_len, petit_on_table;
    Mask trick_cards;
    int later; /* seats (bit s) still to play to the trick */
    int win_card, winner, led, points, tricks_left, slam_on;
    int hunters;      /* seats (bit s) other than the taker that led an odd trump: a hunt */
    int taker_trumps; /* trumps the table knows the taker still holds (dog, handful) */
} Reading;

/* club.is_hunt_signal: an odd trump from 3 to 19, led by a defender. */
static inline int is_hunt_signal(int card)
{
    return card > PETIT && card < TWENTY_ONE && (card - FIRST_TRUMP + 1) % 2 == 1;
}

/* The club player's card (club.choose_card; the seat must hold more than one legal card). */
int club_choose(const Reading *r);
/* The rules' tables, once, after the masks of engine/_speedups.c. */
void club_tables(void);

#endif
