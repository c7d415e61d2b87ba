#include "pycorral_builtins.h"
#ifndef offsetof
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif
