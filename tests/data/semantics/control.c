// Control flow and side effects: short-circuit evaluation, pre/post increments, comma
// and conditional operators (with a mixed-signedness result type), switch fall-through,
// do-while, break/continue, recursion, static locals.
// AGREE: c/bv
// DEFAULT: llvm/int
int counter;
static int touch(int v) { counter++; return v; }

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

static int next_id(void) { static int id = 40; return id++; }

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i = 0, j = 5, k;
    mix(touch(0) && touch(1));                       /* right side not evaluated */
    mix(touch(1) || touch(1));
    mix((unsigned)counter);
    k = i++;                                         /* 0, i == 1 */
    k += ++i;                                        /* 2 */
    mix((unsigned)k);
    k = (j--, j * 2);
    mix((unsigned)k);
    mix((unsigned)(j > 3 ? -1 : 1u));                /* the result is unsigned */
    mix((unsigned)((j > 3 ? -1 : 1u) > 0));
    for (i = 0; i < 6; i++) {
        switch (i) {
        case 0: mix(10);
        case 1: mix(11); break;                      /* 0 falls through into 1 */
        case 3: continue;
        default: mix((unsigned)i);
        }
        if (i == 4) break;
    }
    do { j += 3; } while (j < 20);
    mix((unsigned)j);
    mix((unsigned)fact(7));
    mix((unsigned)next_id()); mix((unsigned)next_id());
    DIFFTEST_RESULT(hash);
    return 0;
}
