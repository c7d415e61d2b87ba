// Bitwise operators on two variables (exact in the bv encoding; the int encoding
// over-approximates them and may answer unknown, never a wrong verdict), masks with
// constants, complement of unsigned and signed values.
// AGREE: c/bv
// DEFAULT: c/bv
unsigned x[3] = {0xF0F0F0F0u, 0x0FF00FF0u, 0x12345678u};
int y[2] = {-6, 0x7F00};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i;
    for (i = 0; i < 3; i++) {
        mix(x[i] & x[(i + 1) % 3]);
        mix(x[i] | x[(i + 2) % 3]);
        mix(x[i] ^ x[(i + 1) % 3]);
        mix(x[i] & 0xFFFFu);
        mix(~x[i]);
    }
    mix((unsigned)(y[0] & y[1]));
    mix((unsigned)(y[0] | 1));
    mix((unsigned)(~y[0]));
    mix((unsigned)(y[0] ^ -1));
    DIFFTEST_RESULT(hash);
    return 0;
}
