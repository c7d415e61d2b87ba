/* <math.h> of pycorral's C front end (float is binary32, double binary64; frontend/c/floats.py).
   Modelled exactly: fabs sqrt floor ceil trunc round rint nearbyint roundeven fmin fmax
   copysign fma fmod (and the f forms); the classification macros over GCC's builtins, with
   glibc's values (isinf is -1 for -inf, as glibc's __builtin_isinf_sign).  The other
   functions are declared and have no body: any result.  The long double (`l`) forms take
   x86's 80-bit long double, which is not modelled (unsupported where used).
   The LLVM front end compiles with the system's math.h. */
#ifndef PYCORRAL_MATH_H
#define PYCORRAL_MATH_H

typedef float float_t;
typedef double double_t;

#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling (MATH_ERRNO | MATH_ERREXCEPT)

#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, \
                                           FP_ZERO, x)
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

/* modelled exactly */
double fabs(double);
float fabsf(float);
double sqrt(double);
float sqrtf(float);
double floor(double);
float floorf(float);
double ceil(double);
float ceilf(float);
double trunc(double);
float truncf(float);
double round(double);
float roundf(float);
double rint(double);
float rintf(float);
double nearbyint(double);
float nearbyintf(float);
double roundeven(double);
float roundevenf(float);
double fmin(double, double);
float fminf(float, float);
double fmax(double, double);
float fmaxf(float, float);
double fmod(double, double);
float fmodf(float, float);
double copysign(double, double);
float copysignf(float, float);
double fma(double, double, double);
float fmaf(float, float, float);

/* no body: any result */
double acos(double);
float acosf(float);
double asin(double);
float asinf(float);
double atan(double);
float atanf(float);
double atan2(double, double);
float atan2f(float, float);
double cos(double);
float cosf(float);
double sin(double);
float sinf(float);
double tan(double);
float tanf(float);
double acosh(double);
double asinh(double);
double atanh(double);
double cosh(double);
double sinh(double);
double tanh(double);
double exp(double);
float expf(float);
double exp2(double);
float exp2f(float);
double expm1(double);
double log(double);
float logf(float);
double log10(double);
float log10f(float);
double log2(double);
float log2f(float);
double log1p(double);
double logb(double);
double cbrt(double);
float cbrtf(float);
double hypot(double, double);
float hypotf(float, float);
double pow(double, double);
float powf(float, float);
double erf(double);
double erfc(double);
double lgamma(double);
double tgamma(double);
double remainder(double, double);
float remainderf(float, float);
double remquo(double, double, int *);
double fdim(double, double);
float fdimf(float, float);
double frexp(double, int *);
float frexpf(float, int *);
double ldexp(double, int);
float ldexpf(float, int);
double scalbn(double, int);
float scalbnf(float, int);
double modf(double, double *);
float modff(float, float *);
int ilogb(double);
long lrint(double);
long lround(double);
long long llrint(double);
long long llround(double);
double nextafter(double, double);
float nextafterf(float, float);
double nan(const char *);
float nanf(const char *);

long double fabsl(long double);
long double sqrtl(long double);
long double floorl(long double);
long double ceill(long double);
long double truncl(long double);
long double roundl(long double);
long double fminl(long double, long double);
long double fmaxl(long double, long double);
long double fmodl(long double, long double);
long double copysignl(long double, long double);
long double powl(long double, long double);
long double expl(long double);
long double logl(long double);
#endif
