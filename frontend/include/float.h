/* <float.h> of pycorral's C front end: the characteristics of IEEE-754 binary32 (float) and
   binary64 (double), as on x86-64 with SSE (FLT_EVAL_METHOD 0: frontend/c/floats.py).
   long double: binary64 in Microsoft C (pycorral_msc.h defines __PYCORRAL_MSC_LONG_DOUBLE),
   else x86's 80-bit format, whose values the front end does not model (its L literals are
   unsupported where used).  The LLVM front end compiles with the system's float.h. */
#ifndef PYCORRAL_FLOAT_H
#define PYCORRAL_FLOAT_H
#define FLT_RADIX 2
#define FLT_ROUNDS 1
#define FLT_EVAL_METHOD 0
#define FLT_DECIMAL_DIG 9
#define DBL_DECIMAL_DIG 17
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_MIN_EXP (-125)
#define DBL_MIN_EXP (-1021)
#define FLT_MIN_10_EXP (-37)
#define DBL_MIN_10_EXP (-307)
#define FLT_MAX_EXP 128
#define DBL_MAX_EXP 1024
#define FLT_MAX_10_EXP 38
#define DBL_MAX_10_EXP 308
#define FLT_MAX 3.40282346638528859812e+38F
#define DBL_MAX 1.79769313486231570815e+308
#define FLT_EPSILON 1.1920928955078125e-07F
#define DBL_EPSILON 2.22044604925031308085e-16
#define FLT_MIN 1.17549435082228750797e-38F
#define DBL_MIN 2.22507385850720138309e-308
#define FLT_TRUE_MIN 1.40129846432481707092e-45F
#define DBL_TRUE_MIN 4.94065645841246544177e-324
#define FLT_HAS_SUBNORM 1
#define DBL_HAS_SUBNORM 1
#ifdef __PYCORRAL_MSC_LONG_DOUBLE
#define DECIMAL_DIG 17
#define LDBL_DECIMAL_DIG 17
#define LDBL_MANT_DIG 53
#define LDBL_DIG 15
#define LDBL_MIN_EXP (-1021)
#define LDBL_MIN_10_EXP (-307)
#define LDBL_MAX_EXP 1024
#define LDBL_MAX_10_EXP 308
#define LDBL_MAX 1.79769313486231570815e+308L
#define LDBL_EPSILON 2.22044604925031308085e-16L
#define LDBL_MIN 2.22507385850720138309e-308L
#define LDBL_TRUE_MIN 4.94065645841246544177e-324L
#define LDBL_HAS_SUBNORM 1
#else
#define DECIMAL_DIG 21
#define LDBL_DECIMAL_DIG 21
#define LDBL_MANT_DIG 64
#define LDBL_DIG 18
#define LDBL_MIN_EXP (-16381)
#define LDBL_MIN_10_EXP (-4931)
#define LDBL_MAX_EXP 16384
#define LDBL_MAX_10_EXP 4932
#define LDBL_MAX 1.18973149535723176502e+4932L
#define LDBL_EPSILON 1.08420217248550443401e-19L
#define LDBL_MIN 3.36210314311209350626e-4932L
#define LDBL_TRUE_MIN 3.64519953188247460253e-4951L
#define LDBL_HAS_SUBNORM 1
#endif
#endif
