#include "pycorral_builtins.h"
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) __pycorral_assert(e)
#endif
