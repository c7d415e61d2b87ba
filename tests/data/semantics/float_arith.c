// Floating point: IEEE double and float arithmetic rounded to nearest, conversions both
// ways (truncation toward zero), NaN, infinities and signed zeros, bytes in memory; the
// result sums the exact bit patterns.
// AGREE: llvm/bv c/bv
// DEFAULT: llvm/bv
#include <string.h>

double d[3] = {0.1, -2.5, 1e308};
float f[2] = {0.1f, 16777216.0f};

unsigned long long sum;
static void mixd(double x) { unsigned long long b; memcpy(&b, &x, 8); sum += b; }
static void mixf(float x) { unsigned b; memcpy(&b, &x, 4); sum += b; }

int main(void) {
    mixd(d[0] + 0.2);
    mixd(d[0] * d[1]);
    mixd(d[2] * 10.0);
    mixd(-d[1] / 0.0);
    mixf(f[0] * 3.0f);
    mixf(f[1] + 1.0f);
    mixf((float)d[0]);
    mixd((double)f[0]);
    sum += (unsigned long long)(long long)(int)d[1];
    sum += (unsigned)(d[1] * -1000.5);
    sum += (0.1 + 0.2 == 0.3) + 2 * (-0.0 == 0.0);
    DIFFTEST_RESULT(sum);
    return 0;
}
