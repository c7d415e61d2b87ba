/* pycorral's stand-in for SMACK's smack.h: nondeterministic values, assume and assert. */
#ifndef SMACK_H_
#define SMACK_H_
#include "pycorral_builtins.h"
#include "stdlib.h"
#include "limits.h"
#define assume(e) __VERIFIER_assume(e)
#undef assert
#define assert(e) __pycorral_assert(e)
int __VERIFIER_nondet(void);
/* SMACK runs __SMACK_INIT functions before main; pycorral does not (reported unsupported) */
#define __SMACK_INIT(x) void __SMACK_INIT_##x(void)
#endif
