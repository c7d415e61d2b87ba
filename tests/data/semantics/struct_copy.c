// Struct assignment, by-value parameters and results, nested structs and arrays in
// structs: copies are deep for arrays, and changing a copy leaves the original alone.
// DEFAULT: none
struct inner { short s; unsigned char tag[3]; };
struct outer { int id; struct inner in; long long wide; struct inner more[2]; };

struct outer g = {7, {-3, {1, 2, 3}}, -5000000000LL, {{10, {4, 5, 6}}, {20, {7, 8, 9}}}};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

static struct outer bump(struct outer o) {        /* by value: g is not changed */
    o.id += 100;
    o.in.tag[1] = 99;
    o.more[1].s = -1;
    return o;
}

static void mix_outer(const struct outer *o) {
    int k;
    mix((unsigned)o->id);
    mix((unsigned)o->in.s);
    for (k = 0; k < 3; k++) mix(o->in.tag[k]);
    mix((unsigned)o->wide);
    mix((unsigned)(o->wide >> 32));
    for (k = 0; k < 2; k++) { mix((unsigned)o->more[k].s); mix(o->more[k].tag[2]); }
}

int main(void) {
    struct outer a, b;
    struct inner x;
    a = g;
    b = bump(a);
    a.in.tag[0] = 42;
    x = b.more[0];
    x.s = 555;
    b.more[0] = b.more[1];
    mix_outer(&g);
    mix_outer(&a);
    mix_outer(&b);
    mix((unsigned)x.s);
    mix(x.tag[0]);
    DIFFTEST_RESULT(hash);
    return 0;
}
