/* The sampled deals of the expert's search, compiled: the quick deal of the unseen cards
 * (engine/ai/dealer.py: Dealer.quick), the swaps that even it out (Dealer.mix) and the club
 * player's point count of a hand that weighs the deal by the seats' bids
 * (engine/ai/club_contract.py: hand_strength).
 *
 * Each deal the expert samples is dealt quickly, then walked a few hundred random swaps of two
 * cards between holders that may hold them (a Metropolis-Hastings walk whose target is the
 * uniform distribution); with the club player's play-outs compiled, the walk in Python was the
 * largest share of a five-player decision. This is the same walk: the same draws from the same
 * random.Random (its random() method is called in the same order, the same number of times)
 * and the same arithmetic, so that the same deals come out; tests/ai/test_club_speedups.py
 * compares the two.
 */

#include "_club.h"

#define MAX_HOLDERS 16

typedef struct {
    int cards[DECK];            /* the cards that may move, in the dealer's order */
    int count;
    int holders[DECK][MAX_HOLDERS]; /* by card: the holders that may hold it, in order */
    int holder_count[DECK];
    int lists[MAX_HOLDERS][DECK]; /* by holder: its cards */
    int sizes[MAX_HOLDERS];
    int where[DECK], position[DECK];
} Walk;

static int draw(PyObject *rand, double *out)
{
    PyObject *value = PyObject_CallNoArgs(rand);
    if (value == NULL)
        return -1;
    *out = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return *out == -1.0 && PyErr_Occurred() ? -1 : 0;
}

static int may_hold(const Walk *w, int card, int holder)
{
    for (int i = 0; i < w->holder_count[card]; i++)
        if (w->holders[card][i] == holder)
            return 1;
    return 0;
}

static int load(Walk *w, PyObject *parts, PyObject *cards, PyObject *holders_of)
{
    long value;
    Py_ssize_t count = PyList_GET_SIZE(parts);
    if (count > MAX_HOLDERS) {
        PyErr_Format(PyExc_ValueError, "at most %d holders, not %zd", MAX_HOLDERS, count);
        return -1;
    }
    for (int h = 0; h < count; h++) {
        Mask mask;
        if (mask_from(PyList_GET_ITEM(parts, h), &mask) < 0)
            return -1;
        w->sizes[h] = 0;
        for (int card = 0; card < DECK; card++) { /* lowest first, as cards_of() */
            if (!m_any(m_and(mask, m_bit(card))))
                continue;
            w->where[card] = h;
            w->position[card] = w->sizes[h];
            w->lists[h][w->sizes[h]++] = card;
        }
    }
    for (int card = 0; card < DECK; card++)
        w->holder_count[card] = -1; /* not among the cards */
    w->count = (int)PyList_GET_SIZE(cards);
    if (w->count > DECK || PyList_GET_SIZE(holders_of) != w->count) {
        PyErr_SetString(PyExc_ValueError, "one list of holders a card, for at most 78 cards");
        return -1;
    }
    for (int i = 0; i < w->count; i++) {
        if (small_from(PyList_GET_ITEM(cards, i), "card", 0, DECK - 1, &value) < 0)
            return -1;
        int card = (int)value;
        w->cards[i] = card;
        PyObject *members = PyList_GET_ITEM(holders_of, i);
        if (!PyList_Check(members) || PyList_GET_SIZE(members) > count) {
            PyErr_SetString(PyExc_ValueError, "a card's holders must be a list of holders");
            return -1;
        }
        w->holder_count[card] = (int)PyList_GET_SIZE(members);
        for (int k = 0; k < w->holder_count[card]; k++) {
            if (small_from(PyList_GET_ITEM(members, k), "holder", 0, count - 1, &value) < 0)
                return -1;
            w->holders[card][k] = (int)value;
        }
    }
    for (int h = 0; h < count; h++) {
        for (int i = 0; i < w->sizes[h]; i++) {
            if (w->holder_count[w->lists[h][i]] < 0) {
                PyErr_Format(PyExc_ValueError, "card %d of a part is not among the cards",
                             w->lists[h][i]);
                return -1;
            }
        }
    }
    return 0;
}

static PyObject *mix_deal(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    long steps;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "mix_deal(parts, cards, holders_of, random, steps) takes five arguments");
        return NULL;
    }
    PyObject *parts = args[0], *cards = args[1], *holders_of = args[2], *rand = args[3];
    if (!PyList_Check(parts) || !PyList_Check(cards) || !PyList_Check(holders_of)) {
        PyErr_SetString(PyExc_TypeError, "the parts, the cards and their holders must be lists");
        return NULL;
    }
    if (small_from(args[4], "steps", 0, 1L << 30, &steps) < 0)
        return NULL;
    Walk *w = PyMem_Malloc(sizeof(Walk));
    if (w == NULL)
        return PyErr_NoMemory();
    if (load(w, parts, cards, holders_of) < 0) {
        PyMem_Free(w);
        return NULL;
    }
    if (w->count == 0 && steps > 0) {
        PyMem_Free(w);
        PyErr_SetString(PyExc_IndexError, "no card to swap");
        return NULL;
    }
    int failed = 0;
    double r;
    for (long step = 0; step < steps && !failed; step++) {
        if (draw(rand, &r) < 0) {
            failed = 1;
            break;
        }
        int x = w->cards[(int)(r * w->count)];
        int a = w->where[x];
        int n_x = w->holder_count[x];
        if (n_x < 2)
            continue;
        if (draw(rand, &r) < 0) {
            failed = 1;
            break;
        }
        int b = w->holders[x][(int)(r * n_x)];
        if (b == a || !w->sizes[b])
            continue;
        if (draw(rand, &r) < 0) {
            failed = 1;
            break;
        }
        int j = (int)(r * w->sizes[b]);
        int y = w->lists[b][j];
        if (!may_hold(w, y, a))
            continue;
        /* the swap is proposed from either card: accepted with the ratio of the chances of
         * proposing it back and forth, so that every consistent deal is equally likely */
        int size_a = w->sizes[a], size_b = w->sizes[b], n_y = w->holder_count[y];
        double there = 1.0 / (n_x * size_b) + 1.0 / (n_y * size_a);
        double back_again = 1.0 / (n_x * size_a) + 1.0 / (n_y * size_b);
        if (back_again < there) {
            if (draw(rand, &r) < 0) {
                failed = 1;
                break;
            }
            if (r * there >= back_again)
                continue;
        }
        int at = w->position[x];
        w->lists[b][j] = x;
        w->lists[a][at] = y;
        w->where[x] = b;
        w->where[y] = a;
        w->position[x] = j;
        w->position[y] = at;
    }
    PyObject *out = failed ? NULL : PyList_New(PyList_GET_SIZE(parts));
    for (Py_ssize_t h = 0; out != NULL && h < PyList_GET_SIZE(parts); h++) {
        Mask mask = EMPTY;
        for (int i = 0; i < w->sizes[h]; i++)
            mask = m_or(mask, m_bit(w->lists[h][i]));
        PyObject *value = mask_to(mask);
        if (value == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, h, value);
    }
    PyMem_Free(w);
    return out;
}

/* random.Random._randbelow (by getrandbits, as CPython's Random does): a number below n. */
static int below(PyObject *getrandbits, long n, long *out)
{
    int k = 0;
    for (long v = n; v; v >>= 1)
        k++;
    PyObject *bits = PyLong_FromLong(k);
    if (bits == NULL)
        return -1;
    for (;;) {
        PyObject *value = PyObject_CallOneArg(getrandbits, bits);
        if (value == NULL)
            break;
        long r = PyLong_AsLong(value);
        Py_DECREF(value);
        if (r == -1 && PyErr_Occurred())
            break;
        if (r < n) {
            Py_DECREF(bits);
            *out = r;
            return 0;
        }
    }
    Py_DECREF(bits);
    return -1;
}

/* random.Random.shuffle: the same swaps from the same draws. */
static int shuffle(int *x, int length, PyObject *getrandbits)
{
    for (int i = length - 1; i >= 1; i--) {
        long j;
        if (below(getrandbits, i + 1, &j) < 0)
            return -1;
        int kept = x[i];
        x[i] = x[(int)j];
        x[(int)j] = kept;
    }
    return 0;
}

static int damaged_plan(void)
{
    PyErr_SetString(PyExc_ValueError, "a damaged plan of groups");
    return -1;
}

/* One group of the plan: its flag (every holder may hold its cards), its holders and its
 * cards, read from plan[*at] on; -1 with an error when the plan is cut short or names a
 * holder or a card out of range. */
static int read_group(const unsigned char *plan, Py_ssize_t length, Py_ssize_t *at,
                      int count, int *full, int *members, int *n_members, int *cards,
                      int *n_cards)
{
    Py_ssize_t i = *at;
    if (i + 2 > length)
        return damaged_plan();
    *full = plan[i++];
    *n_members = plan[i++];
    if (*n_members > count || i + *n_members + 1 > length)
        return damaged_plan();
    for (int k = 0; k < *n_members; k++) {
        members[k] = plan[i++];
        if (members[k] >= count)
            return damaged_plan();
    }
    *n_cards = plan[i++];
    if (*n_cards > DECK || i + *n_cards > length)
        return damaged_plan();
    for (int k = 0; k < *n_cards; k++) {
        cards[k] = plan[i++];
        if (cards[k] >= DECK)
            return damaged_plan();
    }
    *at = i;
    return 0;
}

static PyObject *quick_deal(PyObject *Py_UNUSED(module), PyObject *const *args,
                            Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "quick_deal(plan, sizes, getrandbits, random) takes four arguments");
        return NULL;
    }
    if (!PyBytes_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "the plan must be bytes and the sizes a tuple");
        return NULL;
    }
    const unsigned char *plan = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    Py_ssize_t length = PyBytes_GET_SIZE(args[0]);
    PyObject *getrandbits = args[2], *rand = args[3];
    Py_ssize_t holders = PyTuple_GET_SIZE(args[1]);
    if (holders < 1 || holders > MAX_HOLDERS) {
        PyErr_Format(PyExc_ValueError, "from 1 to %d holders, not %zd", MAX_HOLDERS, holders);
        return NULL;
    }
    int count = (int)holders, room[MAX_HOLDERS];
    Mask out[MAX_HOLDERS];
    for (int h = 0; h < count; h++) {
        long size;
        if (small_from(PyTuple_GET_ITEM(args[1], h), "size", 0, DECK, &size) < 0)
            return NULL;
        room[h] = (int)size;
        out[h] = EMPTY;
    }
    int members[MAX_HOLDERS], order[DECK], full, n_members, n_cards;
    Py_ssize_t at = 0;
    while (at < length) {
        if (read_group(plan, length, &at, count, &full, members, &n_members, order,
                       &n_cards) < 0)
            return NULL;
        int left = 0;
        for (int h = 0; h < count; h++)
            left += room[h];
        if (shuffle(order, n_cards, getrandbits) < 0)
            return NULL;
        if (full && left == n_cards) { /* the cards fill every holder: deal them in order */
            int pos = 0;
            for (int h = 0; h < count; h++) {
                for (int k = 0; k < room[h]; k++)
                    out[h] = m_or(out[h], m_bit(order[pos + k]));
                pos += room[h];
                room[h] = 0;
            }
            continue;
        }
        for (int k = 0; k < n_cards; k++) {
            int total = 0;
            for (int i = 0; i < n_members; i++)
                total += room[members[i]];
            if (!total)
                Py_RETURN_NONE; /* a dead end: the caller tries again */
            double r;
            if (draw(rand, &r) < 0)
                return NULL;
            double pick = r * total;
            int chosen = members[n_members - 1];
            for (int i = 0; i < n_members; i++) {
                int h = members[i];
                if (room[h]) {
                    if (pick < room[h]) {
                        chosen = h;
                        break;
                    }
                    pick -= room[h];
                }
            }
            if (!room[chosen]) {
                for (int i = n_members - 1; i >= 0; i--) {
                    if (room[members[i]]) {
                        chosen = members[i];
                        break;
                    }
                }
            }
            out[chosen] = m_or(out[chosen], m_bit(order[k]));
            room[chosen]--;
        }
    }
    PyObject *result = PyList_New(count);
    for (int h = 0; result != NULL && h < count; h++) {
        PyObject *value = mask_to(out[h]);
        if (value == NULL)
            Py_CLEAR(result);
        else
            PyList_SET_ITEM(result, h, value);
    }
    return result;
}

/* engine.ai.club_contract.hand_strength: the same count, the same arithmetic. */
static PyObject *club_strength(PyObject *Py_UNUSED(module), PyObject *const *args,
                               Py_ssize_t nargs)
{
    Mask hand;
    long hand_size;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "club_strength(hand, hand_size) takes two arguments");
        return NULL;
    }
    if (mask_from(args[0], &hand) < 0 || small_from(args[1], "hand_size", 1, DECK,
                                                     &hand_size) < 0)
        return NULL;
    int trumps = m_count(m_and(hand, TRUMP_MASK));
    int score = 0;
    if (m_has(hand, TWENTY_ONE))
        score += 10;
    if (m_has(hand, EXCUSE))
        score += 8;
    if (m_has(hand, PETIT)) /* the Petit is worth what protects it */
        score += trumps >= 7 ? 9 : trumps >= 5 ? 7 : trumps >= 4 ? 4 : 1;
    int majors = 0; /* the trumps from 16 to 21 */
    for (int card = FIRST_TRUMP + 15; card <= TWENTY_ONE; card++)
        majors += m_has(hand, card);
    score += 2 * trumps + 2 * majors;
    for (int suit = 0; suit < 4; suit++) {
        int first = suit * 14, length = 0; /* a suit: the 1 to the king */
        for (int card = first; card < first + 14; card++)
            length += m_has(hand, card);
        int king = m_has(hand, first + 13), queen = m_has(hand, first + 12);
        score += 6 * king + (king ? 4 : 2) * queen;
        score += 2 * m_has(hand, first + 11) + m_has(hand, first + 10);
        if (length >= 5)
            score += 5 + 2 * (length - 5);
        if (trumps >= 4)
            score += length == 0 ? 6 : length == 1 ? 3 : 0;
    }
    return PyFloat_FromDouble((double)score * 18 / (double)hand_size);
}

PyMethodDef SAMPLING_METHODS[] = {
    {"quick_deal", (PyCFunction)(void (*)(void))quick_deal, METH_FASTCALL,
     "engine.ai.dealer.Dealer.quick: quick_deal(plan, sizes, getrandbits, random), the "
     "groups of cards in `plan` (Dealer.plan), or None at a dead end."},
    {"club_strength", (PyCFunction)(void (*)(void))club_strength, METH_FASTCALL,
     "engine.ai.club_contract.hand_strength: club_strength(hand, hand_size)."},
    {"mix_deal", (PyCFunction)(void (*)(void))mix_deal, METH_FASTCALL,
     "engine.ai.dealer.Dealer.mix: mix_deal(parts, cards, holders_of, random, steps), the "
     "holders of each card of `cards` in `holders_of`."},
    {NULL, NULL, 0, NULL},
};
