// Bit-field updates and masks that clear one run of bits (the LLVM front end's int
// encoding writes them as arithmetic: frontend/llvm/known_bits.py, encoding.py `and`):
// fields of plain and packed structs set from values the translator does not know,
// negative values truncated into signed and unsigned fields, and masks on negative ints.
// AGREE: c/bv llvm/int llvm/bv
// DEFAULT: llvm/int
struct plain { unsigned a : 3; int b : 5; unsigned c : 4; unsigned char d; };
struct gate { unsigned short lo; unsigned ist : 3, zero0 : 5, type : 5, dpl : 2, p : 1;
              unsigned short mid; } __attribute__((packed));
int v[4] = {-3, 77, 4095, -70000};

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

int main(void) {
    int i;
    struct plain s = {0};
    struct gate g = {0};
    for (i = 0; i < 2; i++) {
        s.a = v[i]; s.b = v[(i + 1) % 4]; s.c = v[(i + 2) % 4]; s.d = v[(i + 3) % 4];
        mix(s.a); mix((unsigned)s.b); mix(s.c); mix(s.d);
        g.ist = v[i]; g.type = v[(i + 1) % 4]; g.p = v[(i + 2) % 4]; g.mid = v[i];
        mix(g.ist); mix(g.zero0); mix(g.type); mix(g.dpl); mix(g.p); mix(g.mid); mix(g.lo);
        mix((unsigned)v[i] & 0xFFFF00FFu);
        mix((unsigned)(v[i] & ~0x70));
        mix((unsigned)(v[i] & 0x7FFFFFFF));
        mix((unsigned)((v[i] & ~0xF0) | 0x30));
    }
    DIFFTEST_RESULT(hash);
    return 0;
}
