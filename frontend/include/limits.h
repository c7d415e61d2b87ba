#ifndef PYCORRAL_LIMITS_H
#define PYCORRAL_LIMITS_H
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-32767-1)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-__INT_MAX__-1)
#define INT_MAX __INT_MAX__
#define UINT_MAX (__INT_MAX__*2U+1U)
#define LONG_MIN (-__LONG_MAX__-1L)
#define LONG_MAX __LONG_MAX__
#define ULONG_MAX (__LONG_MAX__*2UL+1UL)
#define LLONG_MIN (-__LONG_LONG_MAX__-1LL)
#define LLONG_MAX __LONG_LONG_MAX__
#define ULLONG_MAX (__LONG_LONG_MAX__*2ULL+1ULL)
#endif
