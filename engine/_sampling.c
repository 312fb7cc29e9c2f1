/* The swaps that even out a sampled deal (engine/ai/sampling.py: Dealer.mix), compiled.
 *
 * Each deal the expert samples is dealt quickly, then walked a few hundred random swaps of two
 * cards between holders that may hold them (a Metropolis-Hastings walk whose target is the
 * uniform distribution); with the club player's play-outs compiled, the walk in Python was the
 * largest share of a five-player decision. This is the same walk: the same draws from the same
 * random.Random (its random() method is called in the same order, the same number of times)
 * and the same arithmetic, so that the same deals come out; tests/test_club_speedups.py
 * compares the two.
 */

#include "_speedups.h"

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

PyMethodDef SAMPLING_METHODS[] = {
    {"mix_deal", (PyCFunction)(void (*)(void))mix_deal, METH_FASTCALL,
     "engine.ai.sampling.Dealer.mix: mix_deal(parts, cards, holders_of, random, steps), the "
     "holders of each card of `cards` in `holders_of`."},
    {NULL, NULL, 0, NULL},
};
