#define __pycorral_need_size_t
#define __pycorral_need_ptrdiff_t
#define __pycorral_need_wchar_t
#include "pycorral_builtins.h"
#ifndef offsetof
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif
