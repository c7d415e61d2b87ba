// A struct passed by value is a copy: the callee's writes to its parameter must not
// change the caller's struct (in LLVM IR the argument is a pointer marked `byval`).
// AGREE: c/bv llvm/int llvm/bv
// DEFAULT: llvm/bv
struct s { int id; long long wide; int more[4]; };

static int bump(struct s o) { o.id += 100; o.more[3] = -1; return o.id; }

int main(void) {
    struct s a;
    int r;
    a.id = 7; a.wide = 1; a.more[3] = 20;
    r = bump(a);
    DIFFTEST_RESULT(r * 1000 + a.id + a.more[3]);
    return 0;
}
