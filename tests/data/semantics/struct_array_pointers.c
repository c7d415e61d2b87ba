// Pointer arithmetic over arrays of structs: p + i, p->field, pointer differences and
// comparisons, pointers to fields, walking an array with a pointer.
// AGREE: c/bv
// DEFAULT: c/bv
struct rec { int key; short small; char c; long long big; };

struct rec table[5];

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

static int sum_keys(struct rec *from, struct rec *to) {
    int s = 0;
    while (from < to) { s += from->key; from++; }
    return s;
}

int main(void) {
    int i;
    struct rec *p = table, *q;
    short *ps;
    for (i = 0; i < 5; i++) {
        (p + i)->key = i * 10 - 7;
        p[i].small = (short)(i - 2);
        table[i].c = (char)('a' + i);
        table[i].big = (long long)i << 33;
    }
    q = &table[4];
    mix((unsigned)(q - p));                          /* 4 elements apart */
    mix((unsigned)sum_keys(p + 1, q));
    ps = &table[2].small;
    *ps = 1000;
    mix((unsigned)table[2].small);
    q = p + 3;
    q->key += (q - 1)->key;
    mix((unsigned)table[3].key);
    mix((unsigned)(q[-1].c));
    mix((unsigned)((q + 1)->big >> 32));
    mix(p + 2 < q);
    mix((unsigned)sizeof(struct rec));
    mix((unsigned)((char *)&table[1] - (char *)&table[0]));
    DIFFTEST_RESULT(hash);
    return 0;
}
