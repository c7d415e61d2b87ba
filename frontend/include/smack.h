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
#endif
