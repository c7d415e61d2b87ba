// 64-bit arithmetic: wrap-around of unsigned long long, multiplication and conversions
// from 64 to 32 bits, mixing long long with unsigned int.
// AGREE: c/bv
// DEFAULT: c/bv
unsigned long long ull[3] = {0xFFFFFFFFFFFFFFFFull, 0x123456789ull, 1ull << 63};
long long ll[3] = {-1LL, 4294967296LL, -4294967297LL};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }
static void mix64(unsigned long long v) { mix((unsigned)v); mix((unsigned)(v >> 32)); }

int main(void) {
    int i;
    for (i = 0; i < 3; i++) {
        mix64(ull[i] + 2);
        mix64(ull[i] * 3);
        mix64((unsigned long long)ll[i] * 5u);
        mix64((unsigned long long)(ll[i] / 3));
        mix((unsigned)(int)ll[i]);
        mix(ll[i] < 4294967295u);                    /* unsigned int -> long long */
        mix(ull[i] > (unsigned long long)ll[i]);
    }
    mix64(ull[1] - ull[0]);
    DIFFTEST_RESULT(hash);
    return 0;
}
