// Integer promotions: char and short operands become int before arithmetic.
// The hash of the results is reported with DIFFTEST_RESULT (see replay/difftest.py).
// AGREE: c/bv
// DEFAULT: llvm/int
unsigned char uc[3] = {200, 100, 255};
signed char sc[3] = {-1, -128, 127};
unsigned short us[2] = {65535, 40000};
short ss[2] = {-32768, 12345};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i;
    for (i = 0; i < 2; i++) {
        mix((unsigned)(uc[i] + uc[i + 1]));          /* int, no wrap at 8 bits: 300 */
        mix((unsigned)(sc[i] + sc[i + 1]));          /* negative int sums */
        mix((unsigned)(uc[i] - uc[i + 1]));          /* -100 as int, then unsigned */
        mix(sc[i] == 0xFF);                          /* -1 != 255 after promotion */
        mix((unsigned char)sc[i] == 0xFF);
        mix((unsigned)(~uc[i]));                     /* ~ of a promoted int */
        mix((unsigned)(us[i] + 1));                  /* 65536: no 16-bit wrap */
        mix((unsigned)(ss[i] - 1));
        mix((unsigned)(us[0] * 2));                  /* 131070 */
        mix((unsigned)(-uc[i]));                     /* unary minus on int */
        mix(sizeof(uc[i] + uc[i]) == sizeof(int));
    }
    mix((unsigned)(uc[2] << 4));                     /* 4080, not truncated */
    mix((unsigned)((unsigned char)(uc[2] << 4)));    /* 240 */
    DIFFTEST_RESULT(hash);
    return 0;
}
