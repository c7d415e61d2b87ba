/* <math.h> of pycorral's C front end.  The C front end does not model floating point yet:
   any use is reported as unsupported (UNKNOWN).  The LLVM front end compiles with the
   system's math.h and models these functions exactly (frontend/llvm/floats.py). */
#ifndef PYCORRAL_MATH_H
#define PYCORRAL_MATH_H
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
double nearbyint(double);
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
double pow(double, double);
double exp(double);
double log(double);
double sin(double);
double cos(double);
double tan(double);
double atan2(double, double);
#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
#define HUGE_VAL (__builtin_huge_val())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define isfinite(x) __builtin_isfinite(x)
#define signbit(x) __builtin_signbit(x)
#define M_PI 3.14159265358979323846
#endif
