// Comparisons between signed and unsigned operands (usual arithmetic conversions).
// AGREE: c/bv
// DEFAULT: c/int
int neg[3] = {-1, -2147483647 - 1, -5};
unsigned pos[3] = {1u, 2u, 4294967295u};
long lneg = -1L;
long long llneg = -1LL;
short sneg = -1;
unsigned short uspos = 1;

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            mix(neg[i] < pos[j]);                    /* int -> unsigned: mostly false */
            mix(neg[i] < (int)pos[j]);
            mix((long long)neg[i] < pos[j]);         /* unsigned -> long long: true */
            mix(neg[i] == pos[j]);
        }
    mix(lneg < pos[0]);                              /* data-model dependent */
    mix(llneg < pos[0]);
    mix(sneg < uspos);                               /* both promote to int: true */
    mix((unsigned)neg[0] > 4000000000u);
    mix(-1 < 0u);
    mix(neg[2] / pos[1] > 0);                        /* -5 converted to unsigned first */
    mix(neg[2] + pos[0]);
    DIFFTEST_RESULT(hash);
    return 0;
}
