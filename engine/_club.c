/* The club player's card play (engine/ai/club.py, engine/ai/club_tracker.py) on the compiled
 * play core: the card of one seat, a play-out of a deal to its end, every seat a club player,
 * and the cards of a deal replayed, counting those the club player would have chosen.
 *
 * The expert values each option by playing sampled deals to the end with every seat playing
 * the club player's card, thousands of deals a decision; in Python the club player's rules
 * and the reading of what a seat knows are most of that time. Here they work on masks of two
 * 64-bit words, and a play-out runs without returning to Python between cards.
 *
 * The Python code stays the reference: club.choose_card(), the rules it calls and
 * club_tracker.Tracker.reading() / .play() are what every function here does, in the same
 * order, and tests/ai/test_club_speedups.py compares the two card for card over thousands of deals.
 * A tracker that lets seats see every hand (Tracker.see_all) stays with the Python code. The
 * rules themselves are in engine/_club_rules.c.
 */

#include "_club.h"

static PyObject *S_STATE, *S_VOID, *S_NO_TRUMPS, *S_PLAYED, *S_POINTS, *S_LED, *S_OPEN,
    *S_DISCARD, *S_CONTRACT, *S_DOG_SHOWN, *S_DOG, *S_HUNTERS, *S_TAKER_KNOWN;

/* What every seat knows (club_tracker.Tracker's knowledge), and the deal it is about. */
typedef struct {
    Core *s;
    int n, taker, partner, called; /* -1: no partner, no called card */
    int dog_called;                /* the called card is in a dog shown to all */
    int voids[MAX_PLAYERS];        /* per seat, the suits (bit s) it showed it lacks */
    int no_trumps;                 /* seats (bit s) that showed they have no trump */
    Mask played, aside;            /* cards played; the taker's discard */
    int points, led;               /* the trick's half points, the Excuse aside; its suit */
    int hunters;                   /* seats other than the taker that led an odd trump */
    Mask taker_known;              /* trumps all know the taker held (club_tracker.taker_known) */
} Table;

static int seat_or_none(PyObject *value, const char *name, int n, int *out)
{
    long v;
    if (value == Py_None) {
        *out = -1;
        return 0;
    }
    if (small_from(value, name, 0, n - 1, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

static int long_attr(PyObject *object, PyObject *name, long low, long high, long *out)
{
    PyObject *value = PyObject_GetAttr(object, name);
    if (value == NULL)
        return -1;
    int result = small_from(value, PyUnicode_AsUTF8(name), low, high, out);
    Py_DECREF(value);
    return result;
}

static int mask_attr(PyObject *object, PyObject *name, Mask *out)
{
    PyObject *value = PyObject_GetAttr(object, name);
    if (value == NULL)
        return -1;
    int result = mask_from(value, out);
    Py_DECREF(value);
    return result;
}

/* Whether the called card lies in a dog shown to every seat (club.partner_known's last test). */
static int dog_called(Table *t, PyObject *state)
{
    t->dog_called = 0;
    if (t->n != 5 || t->called < 0)
        return 0;
    PyObject *contract = PyObject_GetAttr(state, S_CONTRACT);
    if (contract == NULL)
        return -1;
    int shown = 0;
    if (contract != Py_None) {
        PyObject *flag = PyObject_GetAttr(contract, S_DOG_SHOWN);
        shown = flag == NULL ? -1 : PyObject_IsTrue(flag);
        Py_XDECREF(flag);
    }
    Py_DECREF(contract);
    if (shown <= 0)
        return shown;
    Mask dog;
    if (mask_attr(state, S_DOG, &dog) < 0)
        return -1;
    t->dog_called = m_has(dog, t->called);
    return 0;
}

/* The table as ``tracker`` (a club_tracker.Tracker on a deal of the compiled core) knows it. */
static int load_table(PyObject *tracker, Table *t)
{
    long n, value;
    PyObject *state = PyObject_GetAttr(tracker, S_STATE);
    if (state == NULL)
        return -1;
    if (CORE_TYPE == NULL || !PyObject_TypeCheck(state, (PyTypeObject *)CORE_TYPE)) {
        PyErr_Format(PyExc_TypeError, "the tracker's deal is not on the compiled core, but %.100s",
                     Py_TYPE(state)->tp_name);
        Py_DECREF(state);
        return -1;
    }
    t->s = (Core *)state;
    Py_DECREF(state); /* the tracker keeps it alive while we run */
    Core *s = t->s;
    if (long_attr(tracker, S_OPEN, 0, LONG_MAX, &value) < 0)
        return -1;
    if (value) {
        PyErr_SetString(PyExc_ValueError, "a tracker whose seats see every hand is played in Python");
        return -1;
    }
    if (small_from(s->n, "n", 1, MAX_PLAYERS, &n) < 0)
        return -1;
    t->n = (int)n;
    if (seat_or_none(s->taker, "taker", t->n, &t->taker) < 0 ||
        seat_or_none(s->partner, "partner", t->n, &t->partner) < 0)
        return -1;
    if (t->taker < 0) {
        PyErr_SetString(PyExc_ValueError, "the deal has no taker");
        return -1;
    }
    t->called = -1;
    if (s->called != NULL && s->called != Py_None) {
        if (small_from(s->called, "called", 0, DECK - 1, &value) < 0)
            return -1;
        t->called = (int)value;
    }
    if (mask_attr(state, S_DISCARD, &t->aside) < 0 || dog_called(t, state) < 0)
        return -1;
    PyObject *voids = PyObject_GetAttr(tracker, S_VOID);
    if (voids == NULL)
        return -1;
    if (!PyList_Check(voids) || PyList_GET_SIZE(voids) != t->n) {
        PyErr_SetString(PyExc_ValueError, "the tracker's voids must be a list of one int a seat");
        Py_DECREF(voids);
        return -1;
    }
    for (int seat = 0; seat < t->n; seat++) {
        if (small_from(PyList_GET_ITEM(voids, seat), "void", 0, 15, &value) < 0) {
            Py_DECREF(voids);
            return -1;
        }
        t->voids[seat] = (int)value;
    }
    Py_DECREF(voids);
    if (long_attr(tracker, S_NO_TRUMPS, 0, (1L << MAX_PLAYERS) - 1, &value) < 0)
        return -1;
    t->no_trumps = (int)value;
    if (long_attr(tracker, S_POINTS, 0, 2 * 182, &value) < 0)
        return -1;
    t->points = (int)value;
    if (long_attr(tracker, S_LED, -1, SUIT_TRUMP, &value) < 0)
        return -1;
    t->led = (int)value;
    if (long_attr(tracker, S_HUNTERS, 0, (1L << MAX_PLAYERS) - 1, &value) < 0)
        return -1;
    t->hunters = (int)value;
    if (mask_attr(tracker, S_TAKER_KNOWN, &t->taker_known) < 0)
        return -1;
    return mask_attr(tracker, S_PLAYED, &t->played);
}

/* The knowledge back into the tracker, after a play-out. */
static int store_table(PyObject *tracker, const Table *t)
{
    PyObject *voids = PyObject_GetAttr(tracker, S_VOID);
    if (voids == NULL)
        return -1;
    int result = 0;
    for (int seat = 0; seat < t->n && result == 0; seat++) {
        PyObject *value = PyLong_FromLong(t->voids[seat]);
        result = value == NULL || PyList_SetItem(voids, seat, value) < 0 ? -1 : 0;
    }
    Py_DECREF(voids);
    if (result < 0)
        return -1;
    PyObject *values[5] = {PyLong_FromLong(t->no_trumps), mask_to(t->played),
                           PyLong_FromLong(t->points), PyLong_FromLong(t->led),
                           PyLong_FromLong(t->hunters)};
    PyObject *names[5] = {S_NO_TRUMPS, S_PLAYED, S_POINTS, S_LED, S_HUNTERS};
    for (int i = 0; i < 5; i++) {
        if (result == 0 && (values[i] == NULL || PyObject_SetAttr(tracker, names[i], values[i]) < 0))
            result = -1;
        Py_XDECREF(values[i]);
    }
    return result;
}

/* club.partner_known: whether ``seat`` knows who the partner is (or that there is none). */
static int partner_known(const Table *t, int seat, Mask hand, int revealed)
{
    if (t->n != 5 || t->called < 0 || revealed)
        return 1;
    if (seat == t->partner)
        return 1;
    if (seat == t->taker && m_has(hand, t->called))
        return 1;
    return t->dog_called;
}

/* club._camps */
static void camps(Reading *r, int partner, int known_to_seat)
{
    int me = r->me, taker = r->taker, n = r->n;
    int others = ((1 << n) - 1) & ~(1 << me);
    int known = known_to_seat ? partner : -1;
    r->attacking = me == taker || known == me;
    if (me == taker) {
        r->friends = known >= 0 ? 1 << known : 0;
        r->foes = others & ~r->friends;
    }
    else if (r->attacking) {
        r->friends = 1 << taker;
        r->foes = others & ~r->friends;
    }
    else if (n < 5 || known_to_seat) {
        r->foes = 1 << taker | (known >= 0 ? 1 << known : 0);
        r->friends = others & ~r->foes;
    }
    else {
        r->friends = 0;
        r->foes = 1 << taker;
    }
}

/* Tracker.reading: what the seat to play knows, its legal cards being ``legal``. */
static int fill_reading(const Table *t, int seat, Mask hand, Mask legal, Reading *r)
{
    Core *s = t->s;
    long leader, win_card, win_pos;
    r->n = t->n;
    r->me = seat;
    r->taker = t->taker;
    r->hand = hand;
    r->legal = legal;
    r->unseen = m_and(FULL_DECK, m_not(m_or(t->played, hand)));
    if (seat == t->taker)
        r->unseen = m_and(r->unseen, m_not(t->aside));
    r->voids = t->voids;
    r->no_trumps = t->no_trumps;
    int revealed = PyObject_IsTrue(s->partner_revealed);
    if (revealed < 0)
        return -1;
    camps(r, t->partner, partner_known(t, seat, hand, revealed));
    PyObject *trick = list_ref(s->trick, "trick");
    if (trick == NULL)
        return -1;
    r->trick_len = (int)PyList_GET_SIZE(trick);
    r->petit_on_table = 0;
    r->trick_cards = EMPTY;
    for (int i = 0; i < r->trick_len; i++) {
        long card;
        if (small_from(PyList_GET_ITEM(trick, i), "trick", 0, DECK - 1, &card) < 0) {
            Py_DECREF(trick);
            return -1;
        }
        r->petit_on_table |= card == PETIT;
        r->trick_cards = m_or(r->trick_cards, m_bit((int)card));
    }
    Py_DECREF(trick);
    if (small_from(s->leader, "leader", 0, t->n - 1, &leader) < 0 ||
        small_from(s->win_card, "win_card", -1, DECK - 1, &win_card) < 0 ||
        small_from(s->win_pos, "win_pos", -1, t->n - 1, &win_pos) < 0)
        return -1;
    r->later = 0;
    for (int i = r->trick_len + 1; i < t->n; i++)
        r->later |= 1 << ((leader + i) % t->n);
    r->win_card = (int)win_card;
    r->winner = win_pos >= 0 ? (int)((leader + win_pos) % t->n) : -1;
    r->led = t->led;
    r->points = t->points;
    r->hunters = t->hunters;
    r->taker_trumps = m_count(m_and(t->taker_known, m_not(t->played)));
    r->tricks_left = m_count(hand);
    r->slam_on = 0;
    if (m_any(m_and(legal, EXCUSE_BIT)) && r->tricks_left <= 2 && r->attacking) {
        PyObject *tricks = list_ref(s->tricks, "tricks");
        if (tricks == NULL)
            return -1;
        Py_ssize_t count = PyList_GET_SIZE(tricks);
        int mine = r->friends | 1 << seat, all = count > 0;
        for (Py_ssize_t i = 0; i < count && all; i++) {
            PyObject *record = PyList_GET_ITEM(tricks, i);
            long winner;
            if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 3) {
                Py_DECREF(tricks);
                PyErr_SetString(PyExc_TypeError, "a trick is a (leader, cards, winner) tuple");
                return -1;
            }
            if (small_from(PyTuple_GET_ITEM(record, 2), "winner", 0, t->n - 1, &winner) < 0) {
                Py_DECREF(tricks);
                return -1;
            }
            all = mine >> winner & 1;
        }
        Py_DECREF(tricks);
        r->slam_on = all;
    }
    return 0;
}

/* --- playing ----------------------------------------------------------------------------------- */

/* The seat to play, or -1 when the deal is over. */
static int turn_of(const Table *t, int *seat)
{
    long turn;
    if (t->s->turn == Py_None) {
        *seat = -1;
        return 0;
    }
    if (small_from(t->s->turn, "turn", 0, t->n - 1, &turn) < 0)
        return -1;
    *seat = (int)turn;
    return 0;
}

/* The hand of ``seat``. */
static int hand_of(const Table *t, int seat, Mask *hand)
{
    PyObject *hands = list_ref(t->s->hands, "hands");
    if (hands == NULL)
        return -1;
    int result = seat < PyList_GET_SIZE(hands)
                     ? mask_from(PyList_GET_ITEM(hands, seat), hand)
                     : (PyErr_SetString(PyExc_IndexError, "'hands' has no hand for the seat"), -1);
    Py_DECREF(hands);
    return result;
}

/* The club player's card for ``seat`` (hand ``hand``, legal cards ``legal``). */
static int club_choice(const Table *t, int seat, Mask hand, Mask legal, int *card)
{
    Reading r;
    if (fill_reading(t, seat, hand, legal, &r) < 0)
        return -1;
    *card = club_choose(&r);
    return 0;
}

/* Tracker.play: the card played for ``seat``, and what it shows. */
static int play_noted(Table *t, int seat, int card)
{
    if (seat != t->taker && is_hunt_signal(card)) {
        long leader;
        if (small_from(t->s->leader, "leader", 0, t->n - 1, &leader) < 0)
            return -1;
        if (leader == seat)
            t->hunters |= 1 << seat;
    }
    if (card != EXCUSE) {
        int led = t->led, suit = suit_of(card);
        if (led >= 0) { /* club.note_card */
            if (led != SUIT_TRUMP) {
                if (suit != led) {
                    t->voids[seat] |= 1 << led;
                    if (suit != SUIT_TRUMP)
                        t->no_trumps |= 1 << seat;
                }
            }
            else if (suit != SUIT_TRUMP)
                t->no_trumps |= 1 << seat;
        }
        else
            t->led = suit;
        t->points += HALF[card];
    }
    t->played = m_or(t->played, m_bit(card));
    PyObject *card_object = PyLong_FromLong(card);
    if (card_object == NULL)
        return -1;
    int result = core_play_card(t->s, card_object);
    Py_DECREF(card_object);
    if (result < 0)
        return -1;
    PyObject *trick = list_ref(t->s->trick, "trick");
    if (trick == NULL)
        return -1;
    if (PyList_GET_SIZE(trick) == 0) {
        t->led = -1;
        t->points = 0;
    }
    Py_DECREF(trick);
    return 0;
}

static PyObject *club_card(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    Table t;
    Mask hand, legal;
    int seat, card;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "club_card(tracker, legal) takes two arguments");
        return NULL;
    }
    if (load_table(args[0], &t) < 0 || mask_from(args[1], &legal) < 0 || turn_of(&t, &seat) < 0)
        return NULL;
    if (seat < 0) {
        PyErr_SetString(PyExc_ValueError, "the deal is over: no seat is to play");
        return NULL;
    }
    if (hand_of(&t, seat, &hand) < 0 || club_choice(&t, seat, hand, legal, &card) < 0)
        return NULL;
    return PyLong_FromLong(card);
}

static PyObject *club_rollout(PyObject *Py_UNUSED(module), PyObject *const *args,
                              Py_ssize_t nargs)
{
    Table t;
    int seat;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "club_rollout(tracker) takes one argument");
        return NULL;
    }
    if (load_table(args[0], &t) < 0)
        return NULL;
    PyObject *state = (PyObject *)t.s;
    Py_INCREF(state);
    int failed = 0;
    while (!failed) {
        if (turn_of(&t, &seat) < 0) {
            failed = 1;
            break;
        }
        if (seat < 0)
            break;
        Mask hand, legal;
        int card;
        if (core_legal(t.s, &hand, &legal) < 0) {
            failed = 1;
            break;
        }
        if (m_count(legal) == 1)
            card = m_high(legal);
        else if (club_choice(&t, seat, hand, legal, &card) < 0) {
            failed = 1;
            break;
        }
        failed = play_noted(&t, seat, card) < 0;
    }
    if (!failed)
        failed = store_table(args[0], &t) < 0;
    Py_DECREF(state);
    if (failed)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *club_replay(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    Table t;
    long skip, card;
    int seat, choice, agreed = 0, failed = 0;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "club_replay(tracker, cards, skip) takes three arguments");
        return NULL;
    }
    if (load_table(args[0], &t) < 0 || small_from(args[2], "skip", -1, MAX_PLAYERS, &skip) < 0)
        return NULL;
    PyObject *cards = PySequence_Fast(args[1], "the cards to replay must be a sequence");
    if (cards == NULL)
        return NULL;
    PyObject *state = (PyObject *)t.s;
    Py_INCREF(state);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(cards);
    for (Py_ssize_t i = 0; i < count && !failed; i++) {
        if (small_from(PySequence_Fast_GET_ITEM(cards, i), "card", 0, DECK - 1, &card) < 0 ||
            turn_of(&t, &seat) < 0) {
            failed = 1;
            break;
        }
        if (seat < 0) {
            PyErr_SetString(PyExc_ValueError, "the deal is over before the last card to replay");
            failed = 1;
            break;
        }
        if (seat != skip) {
            Mask hand, legal;
            if (core_legal(t.s, &hand, &legal) < 0 ||
                (m_count(legal) > 1 && club_choice(&t, seat, hand, legal, &choice) < 0)) {
                failed = 1;
                break;
            }
            agreed += m_count(legal) > 1 && choice == card;
        }
        failed = play_noted(&t, seat, (int)card) < 0;
    }
    Py_DECREF(cards);
    if (!failed)
        failed = store_table(args[0], &t) < 0;
    Py_DECREF(state);
    return failed ? NULL : PyLong_FromLong(agreed);
}

/* --- the deck as the compiled code has it ------------------------------------------------ */

static PyObject *masks_tuple(const Mask *masks, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *mask = mask_to(masks[i]);
        if (mask == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, mask);
    }
    return tuple;
}

/* The deck's numbers and tables as the C code declares and builds them, for the tests to
 * check against engine.cards: the two are written apart, and must not drift. */
static PyObject *constants(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored))
{
    PyObject *half = int_tuple(HALF, DECK);
    if (half == NULL)
        return NULL;
    PyObject *suits = masks_tuple(SUIT_MASKS, 6);
    PyObject *above = masks_tuple(TRUMPS_ABOVE, 22);
    PyObject *trumps = mask_to(TRUMP_MASK);
    PyObject *excuse = mask_to(EXCUSE_BIT);
    PyObject *deck = mask_to(FULL_DECK);
    PyObject *result = NULL;
    if (suits != NULL && above != NULL && trumps != NULL && excuse != NULL && deck != NULL)
        result = Py_BuildValue(
            "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:O,s:O,s:O,s:O,s:O,s:O}",
            "DECK", DECK, "FIRST_TRUMP", FIRST_TRUMP, "EXCUSE", EXCUSE, "SUIT_TRUMP",
            SUIT_TRUMP, "SUIT_EXCUSE", SUIT_EXCUSE, "PETIT", PETIT, "TWENTY_ONE", TWENTY_ONE,
            "KING", KING, "MAX_PLAYERS", MAX_PLAYERS, "HALF", half, "SUIT_MASKS", suits,
            "TRUMPS_ABOVE", above, "TRUMP_MASK", trumps, "EXCUSE_BIT", excuse, "FULL_DECK",
            deck);
    Py_DECREF(half);
    Py_XDECREF(suits);
    Py_XDECREF(above);
    Py_XDECREF(trumps);
    Py_XDECREF(excuse);
    Py_XDECREF(deck);
    return result;
}

PyMethodDef CLUB_METHODS[] = {
    {"constants", constants, METH_NOARGS,
     "The deck's numbers and tables as the compiled code has them (checked against "
     "engine.cards by the tests)."},
    {"club_card", (PyCFunction)(void (*)(void))club_card, METH_FASTCALL,
     "The club player's card for the seat to play: club_card(tracker, legal)."},
    {"club_rollout", (PyCFunction)(void (*)(void))club_rollout, METH_FASTCALL,
     "Play the tracker's deal to the end, every seat a club player: club_rollout(tracker)."},
    {"club_replay", (PyCFunction)(void (*)(void))club_replay, METH_FASTCALL,
     "Play the cards given on the tracker's deal; the number of them, seat `skip`'s aside, "
     "that were the club player's card among several legal ones: club_replay(tracker, "
     "cards, skip)."},
    {NULL, NULL, 0, NULL},
};

int club_exec(void)
{
    static const char *const names[] = {"state",     "void",    "no_trumps", "played",
                                        "points",    "led",     "open",      "discard",
                                        "contract",  "dog_shown", "dog",     "hunters",
                                        "taker_known"};
    PyObject **slots[] = {&S_STATE,    &S_VOID,      &S_NO_TRUMPS, &S_PLAYED, &S_POINTS,
                          &S_LED,      &S_OPEN,      &S_DISCARD,   &S_CONTRACT,
                          &S_DOG_SHOWN, &S_DOG,      &S_HUNTERS,   &S_TAKER_KNOWN};
    for (int i = 0; i < 13; i++) {
        if (*slots[i] == NULL && (*slots[i] = PyUnicode_InternFromString(names[i])) == NULL)
            return -1;
    }
    club_tables();
    return 0;
}
