// Conversions to narrower types: char/short truncation (gcc: modulo 2^N), plain char
// is signed on x86, increments that wrap through conversions.
// AGREE: c/bv
// DEFAULT: llvm/bv
int wide[4] = {300, -200, 70000, 65535};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i;
    char c;
    signed char s;
    unsigned char u;
    short sh;
    unsigned short us;
    for (i = 0; i < 4; i++) {
        c = wide[i];  s = wide[i];  u = wide[i];  sh = wide[i];  us = wide[i];
        mix((unsigned)c); mix((unsigned)s); mix(u); mix((unsigned)sh); mix(us);
        mix(c < 0);
    }
    s = 127; s++;                                    /* -128 */
    mix((unsigned)s);
    u = 0; u--;                                      /* 255 */
    mix(u);
    us = 65535; us += 2;                             /* 1 */
    mix(us);
    sh = -32768; sh -= 1;                            /* 32767 */
    mix((unsigned)sh);
    mix((unsigned)(int)(unsigned char)(signed char)-1);
    mix((unsigned)(long long)(int)4000000000u);
    DIFFTEST_RESULT(hash);
    return 0;
}
