// Division and remainder: truncation toward zero, sign of the remainder, unsigned
// division of converted negatives, 64-bit division.
// AGREE: c/bv
// DEFAULT: c/int
int a[4] = {7, -7, 13, -13};
int b[4] = {2, -2, 5, -5};
long long la = -9000000000LL;

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            mix((unsigned)(a[i] / b[j]));
            mix((unsigned)(a[i] % b[j]));
            mix((unsigned)a[i] / (unsigned)b[j]);
            mix((unsigned)a[i] % (unsigned)b[j]);
            mix((a[i] / b[j]) * b[j] + a[i] % b[j] == a[i]);
        }
    mix((unsigned)(la / 7));
    mix((unsigned)(la % 7));
    mix((unsigned)((unsigned long long)la / 3u));
    mix((unsigned)(-2147483647 / 2));
    DIFFTEST_RESULT(hash);
    return 0;
}
