/* Floating point is not modelled: any use is reported as unsupported. */
double fabs(double);
double sqrt(double);
float fabsf(float);
#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
