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
/* SMACK's inline Boogie (frontend/c/smack_code.py): each '@' of the text is the next argument */
void __SMACK_code(const char *fmt, ...);
void __SMACK_decl(const char *fmt, ...);
void __SMACK_top_decl(const char *fmt, ...);
/* An initialisation function: runs before the entry's body, after the global initialisers,
   in definition order (SMACK's $initialize) */
#define __SMACK_INIT(x) void __SMACK_init_func_##x(void)
/* SMACK's names for the states of its pthread model's mutex fields (pthread.h: `m.lock`,
   `m.init`), which its pthread tests read */
#ifndef UNLOCKED
#define UNLOCKED 0
#endif
#ifndef UNINITIALIZED
#define UNINITIALIZED 0
#endif
#ifndef INITIALIZED
#define INITIALIZED 1
#endif
#endif
