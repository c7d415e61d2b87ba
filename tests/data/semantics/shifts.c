// Shifts: by constants and by variables, signed right shift (gcc: arithmetic),
// promoted small operands, 64-bit shifts.
// AGREE: c/bv
// DEFAULT: c/bv
int vals[4] = {-8, 1, -2147483647 - 1, 123456};
unsigned uvals[3] = {0x80000000u, 1u, 0xdeadbeefu};
unsigned char byte = 0x80;
long long big = 1;

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i, n;
    for (i = 0; i < 4; i++)
        for (n = 0; n < 31; n += 7) {
            mix((unsigned)(vals[i] >> n));           /* arithmetic shift of negatives */
            mix(uvals[i % 3] >> n);
            mix(uvals[i % 3] << n);
        }
    mix((unsigned)(byte << 1));                      /* 256: the char was promoted */
    mix((unsigned)(byte << 23));                     /* 2^30: int arithmetic */
    mix((unsigned)((big << 40) >> 32));
    mix((unsigned)(1ULL << 63 >> 60));
    mix((unsigned)(-1 >> 31));
    mix(1u << 31);
    DIFFTEST_RESULT(hash);
    return 0;
}
