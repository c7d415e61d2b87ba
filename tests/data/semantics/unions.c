// Unions whose members view the same cells at the same type: a struct of two ints over
// an array of two ints, a nested union in a struct.
// AGREE: c/bv
// DEFAULT: c/int
struct pair { int lo; int hi; };
union view { struct pair p; int arr[2]; };
struct holder { int kind; union view v; };

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    union view u;
    struct holder h[2];
    int i;
    u.arr[0] = -17;
    u.arr[1] = 99;
    mix((unsigned)u.p.lo);
    mix((unsigned)u.p.hi);
    u.p.hi = u.p.lo * 3;
    mix((unsigned)u.arr[1]);
    for (i = 0; i < 2; i++) {
        h[i].kind = i;
        h[i].v.p.lo = 5 + i;
        h[i].v.arr[1] = h[i].v.p.lo * 2;
    }
    h[0] = h[1];
    mix((unsigned)h[0].v.p.hi);
    mix((unsigned)h[0].kind);
    mix((unsigned)sizeof(union view));
    DIFFTEST_RESULT(hash);
    return 0;
}
