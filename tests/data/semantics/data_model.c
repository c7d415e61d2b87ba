// Sizes and layout that depend on the data model and on alignment: sizeof of long and
// pointers, struct padding, long arithmetic (32 or 64 bits).
// AGREE: c/bv
// DEFAULT: llvm/bv
struct padded { char c; int i; char d; };
struct packed_ll { char c; long long x; };
long lmax = 2147483647L;

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    long l = lmax;
    unsigned long ul = 0;
    mix((unsigned)sizeof(long));
    mix((unsigned)sizeof(void *));
    mix((unsigned)sizeof(struct padded));
    mix((unsigned)sizeof(struct packed_ll));
    l = l + 1 - 1;
    ul = ul - 1;                                     /* ULONG_MAX: 32 or 64 bits */
    mix((unsigned)(ul >> 16));
    mix((unsigned)(ul / 65536 / 65536));
    mix(-1L < 1u);                                   /* true only when long is wider */
    mix((unsigned)l);
    DIFFTEST_RESULT(hash);
    return 0;
}
