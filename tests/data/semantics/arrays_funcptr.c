// Two-dimensional arrays, pointers to rows, enums, and calls through function pointers.
// AGREE: c/bv
// DEFAULT: c/int
enum op { ADD, SUB = 5, MUL };
int grid[3][4];

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

/* hash: the sum of the running sums of the values (position-sensitive, and linear:
   no wrap-around, so that the int encoding can reason about it cheaply) */
long long hash, sum;
static void mix(unsigned v) { sum += v; hash += sum; }

static int apply(enum op o, int a, int b) {
    int (*f)(int, int) = o == ADD ? add : o == SUB ? sub : mul;
    return f(a, b);
}

int main(void) {
    int i, j;
    int (*row)[4];
    int *cell;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 4; j++)
            grid[i][j] = apply((enum op)(j % 3 == 0 ? ADD : j % 3 == 1 ? SUB : MUL), i, j);
    row = grid + 1;
    cell = &grid[0][0] + 7;                          /* grid[1][3] */
    mix((unsigned)(*row)[2]);
    mix((unsigned)row[1][3]);
    mix((unsigned)*cell);
    mix((unsigned)(cell - &grid[0][0]));
    mix((unsigned)MUL);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 4; j++)
            mix((unsigned)grid[i][j]);
    DIFFTEST_RESULT(hash);
    return 0;
}
