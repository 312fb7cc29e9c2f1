/* What the parts of the engine's compiled speed-ups share (engine/_speedups.c: the play core
 * and the card masks; engine/_club.c: the club player's card play on that core;
 * engine/_sampling.c: the swaps that even out a sampled deal): cards, masks of cards on two
 * 64-bit words, the core's fields and the functions the club player's play-outs call on it. */

#ifndef TAROT_SPEEDUPS_H
#define TAROT_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define DECK 78
#define FIRST_TRUMP 56
#define EXCUSE 77
#define SUIT_TRUMP 4
#define SUIT_EXCUSE 5
#define MAX_SEAT 30 /* played_seats holds a bit per seat */

typedef struct {
    uint64_t lo; /* cards 0..63 */
    uint64_t hi; /* cards 64..77 */
} Mask;

static const Mask EMPTY = {0, 0};

static inline Mask m_and(Mask a, Mask b) { Mask r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static inline Mask m_or(Mask a, Mask b) { Mask r = {a.lo | b.lo, a.hi | b.hi}; return r; }
static inline Mask m_not(Mask a) { Mask r = {~a.lo, ~a.hi & ((1ULL << (DECK - 64)) - 1)}; return r; }
static inline int m_any(Mask a) { return (a.lo | a.hi) != 0; }
static inline int m_eq(Mask a, Mask b) { return a.lo == b.lo && a.hi == b.hi; }

static inline Mask m_bit(int card)
{
    Mask r = EMPTY;
    if (card < 64)
        r.lo = 1ULL << card;
    else
        r.hi = 1ULL << (card - 64);
    return r;
}

extern Mask SUIT_MASKS[6];
extern Mask TRUMPS_ABOVE[22];
extern Mask TRUMP_MASK;
extern Mask EXCUSE_BIT;

static inline int suit_of(int card)
{
    if (card < FIRST_TRUMP)
        return card / 14;
    return card == EXCUSE ? SUIT_EXCUSE : SUIT_TRUMP;
}

/* The core's fields, each an object slot (Python code sees ordinary attributes). */
typedef struct {
    PyObject_HEAD
    PyObject *called;
    PyObject *camp_tricks;
    PyObject *camp_won;
    PyObject *excuse_player;
    PyObject *excuse_trick;
    PyObject *excuse_winner;
    PyObject *follow;
    PyObject *hands;
    PyObject *high_trump;
    PyObject *leader;
    PyObject *n;
    PyObject *partner;
    PyObject *partner_revealed;
    PyObject *phase;
    PyObject *played_seats;
    PyObject *taker;
    PyObject *trick;
    PyObject *trick_index;
    PyObject *tricks;
    PyObject *tricks_total;
    PyObject *turn;
    PyObject *win_card;
    PyObject *win_pos;
} Core;

/* The core's type, set as the module loads. */
extern PyObject *CORE_TYPE;

int mask_from(PyObject *value, Mask *out);
PyObject *mask_to(Mask m);
/* A tuple of the ints of values[0..size), or NULL with the error set. */
PyObject *int_tuple(const int *values, int size);
int small_from(PyObject *value, const char *name, long low, long high, long *out);
PyObject *list_ref(PyObject *value, const char *name);
/* The cards the seat to play may play (*legal) and its hand (*hand); -1 on error. */
int core_legal(Core *self, Mask *hand, Mask *legal);
/* Play a card for the seat to play (Core.play); -1 on error. */
int core_play_card(Core *self, PyObject *card_object);

/* engine/_club.c, engine/_sampling.c */
extern PyMethodDef CLUB_METHODS[];
int club_exec(void);
extern PyMethodDef SAMPLING_METHODS[];

#endif
