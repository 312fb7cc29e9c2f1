/* The engine's compiled speed-ups: the card-play core of a deal (the same type as
 * engine.playcore.PyPlayCore), the card-mask helpers of engine/cards.py and the deal of
 * engine/commands.py; the club player's card play on that core is in engine/_club.c, the
 * swaps of a sampled deal in engine/_sampling.c. Each
 * is the compiled twin of a pure-Python function or class that stays the reference and the
 * fallback where this module was not built.
 *
 * Bots play sampled deals to the end thousands of times a move, and the two methods every
 * card goes through, legal_plays() and play(), are most of that time. This type keeps the
 * fields those methods read as object slots in a C struct (so Python code sees ordinary
 * attributes holding ints, lists and tuples, exactly as with the pure-Python core) and does
 * the mask arithmetic on two 64-bit words instead of Python integers.
 *
 * The pure-Python core in engine/playcore.py is the reference: every method here does what
 * its namesake there does, in the same order, and tests/engine/test_playcore.py plays thousands of
 * deals through both and compares every field after every card.
 *
 * Cards are 0..77: suits of 14 cards at 0, 14, 28 and 42; trumps 1..21 at 56..76; the
 * Excuse at 77 (engine/cards.py). A mask is an int whose bit c stands for card c.
 */

#include "_speedups.h"

#include <structmember.h>
#include <math.h>

/* Cards first..last inclusive. */
static Mask m_range(int first, int last)
{
    Mask r = EMPTY;
    for (int c = first; c <= last; c++)
        r = m_or(r, m_bit(c));
    return r;
}

Mask SUIT_MASKS[6];
Mask TRUMPS_ABOVE[22];
Mask TRUMP_MASK;
Mask EXCUSE_BIT;
PyObject *CORE_TYPE = NULL;
static PyObject *SUIT_MASK_OBJECTS[6]; /* the same masks as ints, shared */
static PyObject *FINISHED = NULL;      /* Phase.FINISHED, given by the loader */

/* --- ints and masks ------------------------------------------------------------------------ */

/* The digits of an int, read in place where the layout of this CPython is known (3.11 to
 * 3.12: the common case costs a few nanoseconds instead of a general conversion's hundred);
 * the public conversion functions elsewhere. */
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030D0000 && !defined(Py_LIMITED_API)
#define DIGITS_IN_PLACE 1
#else
#define DIGITS_IN_PLACE 0
#endif

static int mask_overflow(void)
{
    PyErr_SetString(PyExc_OverflowError, "a card mask is a number from 0 to 2**78 - 1");
    return -1;
}

int mask_from(PyObject *value, Mask *out)
{
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "a card mask must be an int, not %.100s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
#if DIGITS_IN_PLACE
#if PY_VERSION_HEX < 0x030C0000
    Py_ssize_t size = Py_SIZE(value);
    const digit *digits = ((PyLongObject *)value)->ob_digit;
    if (size < 0)
        return mask_overflow();
#else
    uintptr_t tag = ((PyLongObject *)value)->long_value.lv_tag;
    Py_ssize_t size = (Py_ssize_t)(tag >> 3);
    const digit *digits = ((PyLongObject *)value)->long_value.ob_digit;
    if ((tag & 3) == 2)
        return mask_overflow();
#endif
    if (size > (DECK + PyLong_SHIFT - 1) / PyLong_SHIFT) /* ints have no leading zero digit */
        return mask_overflow();
    uint64_t lo = 0, hi = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        uint64_t d = digits[i];
        Py_ssize_t shift = i * PyLong_SHIFT;
        if (shift < 64) {
            lo |= d << shift;
            if (shift + PyLong_SHIFT > 64)
                hi |= d >> (64 - shift);
        }
        else if (shift - 64 < DECK - 64)
            hi |= d << (shift - 64);
        else if (d)
            return mask_overflow();
    }
#else
    unsigned char bytes[16];
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t size = PyLong_AsNativeBytes(value, bytes, 16,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                               Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                               Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (size < 0)
        return -1;
    if (size > 16)
        return mask_overflow();
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, bytes, 16, 1, 0) < 0)
        return -1;
#endif
    uint64_t lo = 0, hi = 0;
    for (int i = 0; i < 8; i++) {
        lo |= (uint64_t)bytes[i] << (8 * i);
        hi |= (uint64_t)bytes[8 + i] << (8 * i);
    }
#endif
    if (hi >> (DECK - 64))
        return mask_overflow();
    out->lo = lo;
    out->hi = hi;
    return 0;
}

PyObject *mask_to(Mask m)
{
    if (!m.hi)
        return PyLong_FromUnsignedLongLong(m.lo);
#if DIGITS_IN_PLACE
    /* 78 bits: three digits of 30 bits, or six of 15 */
    Py_ssize_t size = (DECK + PyLong_SHIFT - 1) / PyLong_SHIFT;
    uint64_t low_mask = ((uint64_t)1 << PyLong_SHIFT) - 1;
    digit parts[(DECK + 14) / 15];
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t shift = i * PyLong_SHIFT;
        uint64_t d = 0;
        if (shift < 64) {
            d = m.lo >> shift;
            if (shift + PyLong_SHIFT > 64)
                d |= m.hi << (64 - shift);
        }
        else
            d = m.hi >> (shift - 64);
        parts[i] = (digit)(d & low_mask);
    }
    while (size > 0 && parts[size - 1] == 0)
        size--;
    PyLongObject *result = _PyLong_New(size);
    if (result == NULL)
        return NULL;
#if PY_VERSION_HEX < 0x030C0000
    memcpy(result->ob_digit, parts, size * sizeof(digit));
#else
    memcpy(result->long_value.ob_digit, parts, size * sizeof(digit));
#endif
    return (PyObject *)result;
#else
    unsigned char bytes[16];
    for (int i = 0; i < 8; i++) {
        bytes[i] = (unsigned char)(m.lo >> (8 * i));
        bytes[8 + i] = (unsigned char)(m.hi >> (8 * i));
    }
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
#endif
}

/* A field that must hold an int; the attribute's name goes into the error. */
static int int_from(PyObject *value, const char *name, long *out)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "'%s' is not set", name);
        return -1;
    }
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "'%s' must be an int, not %.100s", name,
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* value == seat, where value may be None (no taker, no partner) or any other object. */
static int is_seat(PyObject *value, long seat)
{
    if (value == NULL || !PyLong_Check(value))
        return 0;
    long v = PyLong_AsLong(value);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return v == seat;
}

static int set_object(PyObject **slot, PyObject *value)
{
    if (value == NULL)
        return -1;
    Py_XSETREF(*slot, value);
    return 0;
}

static int set_long(PyObject **slot, long value) { return set_object(slot, PyLong_FromLong(value)); }

/* A new reference to a field that must hold a list. */
PyObject *list_ref(PyObject *value, const char *name)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "'%s' is not set", name);
        return NULL;
    }
    if (!PyList_Check(value)) {
        PyErr_Format(PyExc_TypeError, "'%s' must be a list, not %.100s", name,
                     Py_TYPE(value)->tp_name);
        return NULL;
    }
    return Py_NewRef(value);
}

/* A field that must hold an int from low to high (a seat, a position, a count). */
int small_from(PyObject *value, const char *name, long low, long high, long *out)
{
    if (int_from(value, name, out) < 0)
        return -1;
    if (*out < low || *out > high) {
        PyErr_Format(PyExc_ValueError, "'%s' must be from %ld to %ld, not %ld", name, low,
                     high, *out);
        return -1;
    }
    return 0;
}

static int mask_field(PyObject *value, const char *name, Mask *out)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "'%s' is not set", name);
        return -1;
    }
    return mask_from(value, out);
}

static PyObject *list_item(PyObject *list, long index, const char *name)
{
    if (index < 0 || index >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_IndexError, "'%s' has no item %ld", name, index);
        return NULL;
    }
    return PyList_GET_ITEM(list, index);
}

static int card_from(PyObject *value, long *out)
{
    if (int_from(value, "card", out) < 0)
        return -1;
    if (*out < 0 || *out >= DECK) {
        PyErr_Format(PyExc_ValueError, "a card is a number from 0 to 77, not %ld", *out);
        return -1;
    }
    return 0;
}

/* --- the type ------------------------------------------------------------------------------ */


#define FIELD(name) {#name, T_OBJECT_EX, offsetof(Core, name), 0, NULL}

static PyMemberDef core_members[] = {
    FIELD(called), FIELD(camp_tricks), FIELD(camp_won), FIELD(excuse_player),
    FIELD(excuse_trick), FIELD(excuse_winner), FIELD(follow), FIELD(hands),
    FIELD(high_trump), FIELD(leader), FIELD(n), FIELD(partner),
    FIELD(partner_revealed), FIELD(phase), FIELD(played_seats), FIELD(taker),
    FIELD(trick), FIELD(trick_index), FIELD(tricks), FIELD(tricks_total),
    FIELD(turn), FIELD(win_card), FIELD(win_pos),
    {NULL, 0, 0, 0, NULL},
};

#define VISIT_ALL(op)                                                                          \
    op(self->called); op(self->camp_tricks); op(self->camp_won); op(self->excuse_player);     \
    op(self->excuse_trick); op(self->excuse_winner); op(self->follow); op(self->hands);       \
    op(self->high_trump); op(self->leader); op(self->n); op(self->partner);                   \
    op(self->partner_revealed); op(self->phase); op(self->played_seats); op(self->taker);     \
    op(self->trick); op(self->trick_index); op(self->tricks); op(self->tricks_total);         \
    op(self->turn); op(self->win_card); op(self->win_pos)

static int core_traverse(Core *self, visitproc visit, void *arg)
{
    VISIT_ALL(Py_VISIT);
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static int core_clear(Core *self)
{
    VISIT_ALL(Py_CLEAR);
    return 0;
}

static void core_dealloc(Core *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    core_clear(self);
    type->tp_free((PyObject *)self);
    Py_DECREF(type);
}

/* --- card play ----------------------------------------------------------------------------- */

/* Every method below takes its own reference to each list it works on before it does anything
 * that may run Python code (dropping a field's old value may run a __del__, comparing with a
 * called card an __eq__), so that a field changed meanwhile cannot free a list under it. */

static int camp_of(Core *self, long seat) /* 0: the taker's camp, 1: the defence */
{
    return (is_seat(self->taker, seat) || is_seat(self->partner, seat)) ? 0 : 1;
}

static PyObject *core_camp_of(Core *self, PyObject *arg)
{
    long seat;
    if (int_from(arg, "seat", &seat) < 0)
        return NULL;
    return PyLong_FromLong(camp_of(self, seat));
}

/* The number of cards of the trick on the table; -1 on error. */
static Py_ssize_t cards_on_table(Core *self)
{
    PyObject *trick = list_ref(self->trick, "trick");
    if (trick == NULL)
        return -1;
    Py_ssize_t size = PyList_GET_SIZE(trick);
    Py_DECREF(trick);
    return size;
}

int core_legal(Core *self, Mask *hand_out, Mask *legal)
{
    long turn, trick_index, high;
    Mask hand, follow;
    PyObject *hands = list_ref(self->hands, "hands");
    if (hands == NULL)
        return -1;
    if (small_from(self->turn, "turn", 0, MAX_SEAT, &turn) < 0) {
        Py_DECREF(hands);
        return -1;
    }
    PyObject *hand_object = list_item(hands, turn, "hands");
    int read = hand_object == NULL ? -1 : mask_from(hand_object, &hand);
    Py_DECREF(hands);
    if (read < 0 || mask_field(self->follow, "follow", &follow) < 0)
        return -1;
    *hand_out = hand;
    *legal = hand;
    if (!m_any(follow)) { /* nothing led yet, or only the Excuse */
        if (small_from(self->trick_index, "trick_index", 0, DECK, &trick_index) < 0)
            return -1;
        Py_ssize_t on_table = cards_on_table(self);
        if (on_table < 0)
            return -1;
        if (trick_index == 0 && self->called != NULL && self->called != Py_None &&
            on_table == 0) {
            /* five players: the first card may not be of the called suit, bar the called card */
            long called;
            if (card_from(self->called, &called) < 0)
                return -1;
            if (called != EXCUSE) {
                Mask allowed = m_or(m_and(hand, m_not(SUIT_MASKS[suit_of((int)called)])),
                                    m_and(hand, m_bit((int)called)));
                if (m_any(allowed))
                    *legal = allowed;
            }
        }
        return 0;
    }
    Mask excuse = m_and(hand, EXCUSE_BIT);
    Mask cards = m_and(hand, follow);
    if (m_any(cards) && !m_eq(follow, TRUMP_MASK)) {
        *legal = m_or(cards, excuse);
        return 0;
    }
    Mask trumps = m_and(hand, TRUMP_MASK);
    if (!m_any(trumps))
        return 0;
    /* trumps led, or none of the suit led: a higher trump than the table's if there is one */
    if (small_from(self->high_trump, "high_trump", 0, 21, &high) < 0)
        return -1;
    Mask above = m_and(trumps, TRUMPS_ABOVE[high]);
    *legal = m_or(m_any(above) ? above : trumps, excuse);
    return 0;
}

static PyObject *core_legal_plays(Core *self, PyObject *Py_UNUSED(ignored))
{
    Mask hand, legal;
    if (core_legal(self, &hand, &legal) < 0)
        return NULL;
    return mask_to(legal);
}

/* The card goes from the hand of the seat to play onto the trick; *played_card is its number. */
static int add_card(Core *self, PyObject *card_object, long *played_card)
{
    long card, seat, trick_index, n, played, win;
    int result = -1;
    PyObject *hands = NULL, *trick = NULL;
    if (card_from(card_object, &card) < 0 ||
        small_from(self->turn, "turn", 0, MAX_SEAT, &seat) < 0 ||
        small_from(self->trick_index, "trick_index", 0, DECK, &trick_index) < 0 ||
        small_from(self->n, "n", 1, MAX_SEAT + 1, &n) < 0 ||
        small_from(self->win_card, "win_card", -1, DECK - 1, &win) < 0)
        return -1;
    if ((hands = list_ref(self->hands, "hands")) == NULL ||
        (trick = list_ref(self->trick, "trick")) == NULL)
        goto done;
    if (!trick_index && small_from(self->played_seats, "played_seats", 0,
                                   (long)((1UL << (MAX_SEAT + 1)) - 1), &played) < 0)
        goto done;
    PyObject *hand_object = list_item(hands, seat, "hands");
    Mask hand;
    if (hand_object == NULL || mask_from(hand_object, &hand) < 0)
        goto done;
    /* every check is made: from here on the deal changes */
    PyObject *left = mask_to(m_and(hand, m_not(m_bit((int)card))));
    if (left == NULL || PyList_SetItem(hands, seat, left) < 0)
        goto done;
    if (!trick_index && set_long(&self->played_seats, played | (1L << seat)) < 0)
        goto done; /* from the second trick on, every seat has played */
    if (PyList_Append(trick, card_object) < 0)
        goto done;
    long position = (long)PyList_GET_SIZE(trick) - 1;
    if (card == EXCUSE) {
        if (set_long(&self->excuse_player, seat) < 0)
            goto done;
    }
    else if (win < 0) {
        if (set_object(&self->win_card, Py_NewRef(card_object)) < 0 ||
            set_long(&self->win_pos, position) < 0 ||
            set_object(&self->follow, Py_NewRef(SUIT_MASK_OBJECTS[suit_of((int)card)])) < 0)
            goto done;
        if (card >= FIRST_TRUMP && set_long(&self->high_trump, card - 55) < 0)
            goto done;
    }
    else if (card >= FIRST_TRUMP) {
        if ((card > win || win < FIRST_TRUMP) &&
            (set_object(&self->win_card, Py_NewRef(card_object)) < 0 ||
             set_long(&self->win_pos, position) < 0 ||
             set_long(&self->high_trump, card - 55) < 0))
            goto done;
    }
    else if (card > win && win < FIRST_TRUMP && suit_of((int)card) == suit_of((int)win)) {
        if (set_object(&self->win_card, Py_NewRef(card_object)) < 0 ||
            set_long(&self->win_pos, position) < 0)
            goto done;
    }
    seat += 1;
    result = set_long(&self->turn, seat < n ? seat : 0);
    *played_card = card;
done:
    Py_XDECREF(hands);
    Py_XDECREF(trick);
    return result;
}

static PyObject *core_add_card(Core *self, PyObject *card)
{
    long played;
    if (add_card(self, card, &played) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The winner of the complete trick on the table, slam Excuse case included. */
static int trick_winner(Core *self, long *winner)
{
    long index, total, leader, win_pos, n, first, won;
    if (small_from(self->trick_index, "trick_index", 0, DECK, &index) < 0 ||
        small_from(self->tricks_total, "tricks_total", 0, DECK, &total) < 0 ||
        small_from(self->leader, "leader", -MAX_SEAT, MAX_SEAT, &leader) < 0 ||
        small_from(self->win_pos, "win_pos", -1, DECK, &win_pos) < 0 ||
        small_from(self->n, "n", 1, MAX_SEAT + 1, &n) < 0)
        return -1;
    PyObject *trick = list_ref(self->trick, "trick");
    if (trick == NULL)
        return -1;
    if (PyList_GET_SIZE(trick) == 0) {
        Py_DECREF(trick);
        PyErr_SetString(PyExc_IndexError, "there is no trick on the table");
        return -1;
    }
    int read = int_from(PyList_GET_ITEM(trick, 0), "trick[0]", &first);
    Py_DECREF(trick);
    if (read < 0)
        return -1;
    if (first == EXCUSE && index == total - 1 && index > 0) {
        PyObject *camp_tricks = list_ref(self->camp_tricks, "camp_tricks");
        if (camp_tricks == NULL)
            return -1;
        PyObject *other = list_item(camp_tricks, 1 - camp_of(self, leader), "camp_tricks");
        read = other == NULL ? -1 : int_from(other, "camp_tricks", &won);
        Py_DECREF(camp_tricks);
        if (read < 0)
            return -1;
        if (won == 0) {
            *winner = leader;
            return 0;
        }
    }
    *winner = ((leader + win_pos) % n + n) % n;
    return 0;
}

static PyObject *core_trick_winner(Core *self, PyObject *Py_UNUSED(ignored))
{
    long winner;
    if (trick_winner(self, &winner) < 0)
        return NULL;
    return PyLong_FromLong(winner);
}

/* The trick on the table goes to ``winner``'s camp; the winner leads the next one. */
static int gather(Core *self, long winner)
{
    long index, leader, excuse_player, count, first = -1;
    int result = -1;
    PyObject *trick = NULL, *camp_won = NULL, *camp_tricks = NULL, *tricks = NULL;
    if (small_from(self->trick_index, "trick_index", 0, DECK - 1, &index) < 0 ||
        small_from(self->leader, "leader", -MAX_SEAT, MAX_SEAT, &leader) < 0)
        return -1;
    if ((trick = list_ref(self->trick, "trick")) == NULL ||
        (camp_won = list_ref(self->camp_won, "camp_won")) == NULL ||
        (camp_tricks = list_ref(self->camp_tricks, "camp_tricks")) == NULL ||
        (tricks = list_ref(self->tricks, "tricks")) == NULL)
        goto done;
    int camp = camp_of(self, winner);
    PyObject *won_object = list_item(camp_won, camp, "camp_won");
    PyObject *count_object = list_item(camp_tricks, camp, "camp_tricks");
    Mask camp_cards, won = EMPTY;
    if (won_object == NULL || count_object == NULL || mask_from(won_object, &camp_cards) < 0 ||
        small_from(count_object, "camp_tricks", 0, DECK - 1, &count) < 0)
        goto done;
    Py_ssize_t size = PyList_GET_SIZE(trick);
    for (Py_ssize_t i = 0; i < size; i++) {
        long card;
        if (card_from(PyList_GET_ITEM(trick, i), &card) < 0)
            goto done;
        if (i == 0)
            first = card;
        won = m_or(won, m_bit((int)card));
    }
    int excuse = m_any(m_and(won, EXCUSE_BIT));
    if (excuse) {
        if (int_from(self->excuse_player, "excuse_player", &excuse_player) < 0)
            goto done;
        won = m_and(won, m_not(EXCUSE_BIT));
        /* the Excuse goes back to its camp, except when led to a slam's last trick */
        if (first == EXCUSE && winner == leader && excuse_player == winner)
            camp_cards = m_or(camp_cards, EXCUSE_BIT);
    }
    PyObject *cards = PyList_AsTuple(trick);
    if (cards == NULL)
        goto done;
    PyObject *record = Py_BuildValue("(lNl)", leader, cards, winner);
    if (record == NULL || PyList_Append(tricks, record) < 0) {
        Py_XDECREF(record);
        goto done;
    }
    Py_DECREF(record);
    /* every value is made: from here on the deal changes */
    if (excuse && (set_long(&self->excuse_trick, index) < 0 ||
                   set_long(&self->excuse_winner, winner) < 0))
        goto done;
    PyObject *new_won = mask_to(m_or(camp_cards, won));
    if (new_won == NULL || PyList_SetItem(camp_won, camp, new_won) < 0)
        goto done;
    PyObject *new_count = PyLong_FromLong(count + 1);
    if (new_count == NULL || PyList_SetItem(camp_tricks, camp, new_count) < 0)
        goto done;
    if (set_object(&self->trick, PyList_New(0)) < 0 ||
        set_long(&self->trick_index, index + 1) < 0 || set_long(&self->leader, winner) < 0 ||
        set_long(&self->turn, winner) < 0 || set_long(&self->win_card, -1) < 0 ||
        set_long(&self->win_pos, -1) < 0 || set_long(&self->high_trump, 0) < 0 ||
        set_long(&self->follow, 0) < 0)
        goto done;
    result = 0;
done:
    Py_XDECREF(trick);
    Py_XDECREF(camp_won);
    Py_XDECREF(camp_tricks);
    Py_XDECREF(tricks);
    return result;
}

static PyObject *core_gather(Core *self, PyObject *arg)
{
    long winner;
    if (small_from(arg, "winner", -MAX_SEAT, MAX_SEAT, &winner) < 0 || gather(self, winner) < 0)
        return NULL;
    Py_RETURN_NONE;
}

int core_play_card(Core *self, PyObject *card_object)
{
    long n, index, total, winner, card, called;
    if (add_card(self, card_object, &card) < 0)
        return -1;
    PyObject *called_object = self->called;
    if (called_object != NULL && called_object != Py_None) {
        int same;
        if (PyLong_CheckExact(called_object)) { /* the usual case: no Python code runs */
            if (int_from(called_object, "called", &called) < 0)
                return -1;
            same = card == called;
        }
        else {
            Py_INCREF(called_object);
            same = PyObject_RichCompareBool(card_object, called_object, Py_EQ);
            Py_DECREF(called_object);
            if (same < 0)
                return -1;
        }
        if (same && set_object(&self->partner_revealed, Py_NewRef(Py_True)) < 0)
            return -1;
    }
    if (small_from(self->n, "n", 1, MAX_SEAT + 1, &n) < 0)
        return -1;
    Py_ssize_t on_table = cards_on_table(self);
    if (on_table < 0)
        return -1;
    if (on_table < n)
        return 0;
    if (trick_winner(self, &winner) < 0 || gather(self, winner) < 0)
        return -1;
    if (small_from(self->trick_index, "trick_index", 0, DECK, &index) < 0 ||
        small_from(self->tricks_total, "tricks_total", 0, DECK, &total) < 0)
        return -1;
    if (index == total) {
        if (FINISHED == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "the play core was loaded without its phases");
            return -1;
        }
        if (set_object(&self->phase, Py_NewRef(FINISHED)) < 0 ||
            set_object(&self->turn, Py_NewRef(Py_None)) < 0)
            return -1;
    }
    return 0;
}

static PyObject *core_play(Core *self, PyObject *card_object)
{
    if (core_play_card(self, card_object) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef core_methods[] = {
    {"legal_plays", (PyCFunction)core_legal_plays, METH_NOARGS,
     "The cards the seat to play may play, as a mask (RULES.md sections 4 and 8)."},
    {"play", (PyCFunction)core_play, METH_O,
     "Play a card for the seat to play, gathering the trick and ending the deal as due."},
    {"trick_winner", (PyCFunction)core_trick_winner, METH_NOARGS,
     "The winner of the complete trick on the table, slam Excuse case included."},
    {"camp_of", (PyCFunction)core_camp_of, METH_O,
     "0 for a seat of the taker's camp, 1 for a defender."},
    {"_add_card", (PyCFunction)core_add_card, METH_O,
     "The card goes from the hand of the seat to play onto the trick."},
    {"_gather", (PyCFunction)core_gather, METH_O,
     "The trick on the table goes to the winner's camp; the winner leads the next one."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_doc, "The card-play fields of a deal and the methods that play its cards."},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_dealloc, core_dealloc},
    {Py_tp_traverse, core_traverse},
    {Py_tp_clear, core_clear},
    {Py_tp_members, core_members},
    {Py_tp_methods, core_methods},
    {0, NULL},
};

static PyType_Spec core_spec = {
    .name = "engine._speedups.PlayCore",
    .basicsize = sizeof(Core),
    .itemsize = 0,
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = core_slots,
};

/* --- card masks ---------------------------------------------------------------------------- */

static PyObject *sp_mask_of(PyObject *Py_UNUSED(module), PyObject *cards)
{
    PyObject *sequence = PySequence_Fast(cards, "mask_of() takes an iterable of cards");
    if (sequence == NULL)
        return NULL;
    Mask mask = EMPTY;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(sequence);
    PyObject **items = PySequence_Fast_ITEMS(sequence);
    for (Py_ssize_t i = 0; i < size; i++) {
        long card;
        if (card_from(items[i], &card) < 0) {
            Py_DECREF(sequence);
            return NULL;
        }
        mask = m_or(mask, m_bit((int)card));
    }
    Py_DECREF(sequence);
    return mask_to(mask);
}

static PyObject *sp_cards_of(PyObject *Py_UNUSED(module), PyObject *value)
{
    Mask mask;
    if (mask_from(value, &mask) < 0)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (int card = 0; card < DECK; card++) {
        if (!m_any(m_and(mask, m_bit(card))))
            continue;
        PyObject *item = PyLong_FromLong(card);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

static PyObject *sp_nth_card(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "nth_card() takes a mask and an index");
        return NULL;
    }
    Mask mask;
    long k;
    if (mask_from(args[0], &mask) < 0 || int_from(args[1], "k", &k) < 0)
        return NULL;
    if (k >= 0) {
        for (int card = 0; card < DECK; card++) {
            if (m_any(m_and(mask, m_bit(card))) && k-- == 0)
                return PyLong_FromLong(card);
        }
    }
    PyErr_SetString(PyExc_IndexError, "the mask has fewer cards than that");
    return NULL;
}

/* --- dealing -------------------------------------------------------------------------------- */

/* A number drawn uniformly below size, as random.Random draws it inside: getrandbits of
 * size's bit length, drawn again while it is not below size. -1 on error. */
static long below(PyObject *getrandbits, long size)
{
    long bits = 0, j;
    while (bits < 62 && (1ULL << bits) <= (unsigned long long)size) /* size's bit length */
        bits++;
    PyObject *bits_object = PyLong_FromLong(bits);
    if (bits_object == NULL)
        return -1;
    do {
        PyObject *drawn = PyObject_CallOneArg(getrandbits, bits_object);
        if (drawn == NULL || int_from(drawn, "getrandbits()", &j) < 0) {
            Py_XDECREF(drawn);
            Py_DECREF(bits_object);
            return -1;
        }
        Py_DECREF(drawn);
    } while (j >= size || j < 0);
    Py_DECREF(bits_object);
    return j;
}

PyObject *int_tuple(const int *values, int size)
{
    PyObject *out = PyTuple_New(size);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < size; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (item == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

/* deal(rng, players, dealer, hand, packet, dog) -> (hands, dog): engine.commands._deal. */
static PyObject *sp_deal(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    long players, dealer, hand, packet, dog_size;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "deal() takes rng, players, dealer, hand, packet and dog");
        return NULL;
    }
    if (small_from(args[1], "players", 1, DECK, &players) < 0 ||
        small_from(args[2], "dealer", 0, players - 1, &dealer) < 0 ||
        small_from(args[3], "hand", 1, DECK, &hand) < 0 ||
        small_from(args[4], "packet", 1, DECK, &packet) < 0 ||
        small_from(args[5], "dog", 0, DECK, &dog_size) < 0)
        return NULL;
    long packets = players * hand / packet; /* each factor is at most 78: no overflow */
    if (hand % packet || players * hand + dog_size != DECK || dog_size > packets - 1) {
        PyErr_SetString(PyExc_ValueError, "deal(): not a deal of the 78 cards");
        return NULL;
    }
    PyObject *getrandbits = PyObject_GetAttrString(args[0], "getrandbits");
    if (getrandbits == NULL)
        return NULL;
    /* the shuffle of random.Random.shuffle: Fisher-Yates from the top */
    int pack[DECK];
    for (int i = 0; i < DECK; i++)
        pack[i] = i;
    for (int i = DECK - 1; i > 0; i--) {
        long j = below(getrandbits, i + 1);
        if (j < 0) {
            Py_DECREF(getrandbits);
            return NULL;
        }
        int swap = pack[i];
        pack[i] = pack[(int)j];
        pack[(int)j] = swap;
    }
    /* the dog's places among the gaps between packets, 1 to packets - 1, drawn as
     * rng.sample(range(1, packets), dog) draws them in CPython 3.11 */
    long n = packets - 1, k = dog_size;
    long pool_limit = 21 + (k > 5 ? (long)pow(4.0, ceil(log(k * 3.0) / log(4.0))) : 0);
    int after[DECK + 1] = {0}; /* after[p]: a dog card follows packet p */
    if (n <= pool_limit) {
        long pool[DECK];
        for (long i = 0; i < n; i++)
            pool[i] = i + 1;
        for (long i = 0; i < k; i++) {
            long j = below(getrandbits, n - i);
            if (j < 0) {
                Py_DECREF(getrandbits);
                return NULL;
            }
            after[pool[j]] = 1;
            pool[j] = pool[n - i - 1];
        }
    }
    else {
        int chosen[DECK] = {0};
        for (long i = 0; i < k; i++) {
            long j;
            do {
                j = below(getrandbits, n);
                if (j < 0) {
                    Py_DECREF(getrandbits);
                    return NULL;
                }
            } while (chosen[j]);
            chosen[j] = 1;
            after[j + 1] = 1;
        }
    }
    Py_DECREF(getrandbits);
    int hands[DECK][DECK];
    int sizes[DECK] = {0};
    int dog[DECK];
    int dealt_dog = 0, pos = 0;
    for (long p = 0; p < packets; p++) {
        long seat = (dealer + 1 + p) % players;
        for (long c = 0; c < packet; c++)
            hands[seat][sizes[seat]++] = pack[pos++];
        if (after[p + 1])
            dog[dealt_dog++] = pack[pos++];
    }
    PyObject *all = PyTuple_New(players);
    if (all == NULL)
        return NULL;
    for (long seat = 0; seat < players; seat++) {
        PyObject *cards = int_tuple(hands[seat], sizes[seat]);
        if (cards == NULL) {
            Py_DECREF(all);
            return NULL;
        }
        PyTuple_SET_ITEM(all, seat, cards);
    }
    PyObject *dog_cards = int_tuple(dog, dealt_dog);
    if (dog_cards == NULL) {
        Py_DECREF(all);
        return NULL;
    }
    return Py_BuildValue("(NN)", all, dog_cards);
}

/* --- the module ---------------------------------------------------------------------------- */

static PyObject *set_finished(PyObject *Py_UNUSED(module), PyObject *phase)
{
    Py_XSETREF(FINISHED, Py_NewRef(phase));
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"set_finished", set_finished, METH_O,
     "The phase object a deal takes when its last trick is gathered."},
    {"mask_of", sp_mask_of, METH_O, "The mask of an iterable of cards."},
    {"cards_of", sp_cards_of, METH_O, "The cards of a mask, lowest first."},
    {"nth_card", (PyCFunction)(void (*)(void))sp_nth_card, METH_FASTCALL,
     "The card of a mask at index k, counting from its lowest card (0)."},
    {"deal", (PyCFunction)(void (*)(void))sp_deal, METH_FASTCALL,
     "The hands and the dog dealt from a random.Random, as engine.commands._deal deals."},
    {NULL, NULL, 0, NULL},
};

static int module_exec(PyObject *module)
{
    for (int s = 0; s < 4; s++)
        SUIT_MASKS[s] = m_range(14 * s, 14 * s + 13);
    TRUMP_MASK = m_range(FIRST_TRUMP, FIRST_TRUMP + 20);
    EXCUSE_BIT = m_bit(EXCUSE);
    SUIT_MASKS[SUIT_TRUMP] = TRUMP_MASK;
    SUIT_MASKS[SUIT_EXCUSE] = EXCUSE_BIT;
    for (int t = 0; t < 22; t++)
        TRUMPS_ABOVE[t] = t < 21 ? m_range(FIRST_TRUMP + t, FIRST_TRUMP + 20) : EMPTY;
    for (int s = 0; s < 6; s++) {
        if (SUIT_MASK_OBJECTS[s] == NULL) {
            SUIT_MASK_OBJECTS[s] = mask_to(SUIT_MASKS[s]);
            if (SUIT_MASK_OBJECTS[s] == NULL)
                return -1;
        }
    }
    PyObject *type = PyType_FromModuleAndSpec(module, &core_spec, NULL);
    if (type == NULL)
        return -1;
    Py_XSETREF(CORE_TYPE, Py_NewRef(type));
    if (PyModule_AddObject(module, "PlayCore", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    if (PyModule_AddFunctions(module, CLUB_METHODS) < 0 ||
        PyModule_AddFunctions(module, SAMPLING_METHODS) < 0)
        return -1;
    return club_exec();
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, module_exec},
#if PY_VERSION_HEX >= 0x030C0000
    /* the tables and the finished phase are process-wide */
    {Py_mod_multiple_interpreters, Py_MOD_MULTIPLE_INTERPRETERS_NOT_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "engine._speedups",
    .m_doc = "The engine's compiled speed-ups (see engine.playcore).",
    .m_size = 0,
    .m_methods = module_methods,
    .m_slots = module_slots,
};

PyMODINIT_FUNC PyInit__speedups(void) { return PyModuleDef_Init(&module_def); }
