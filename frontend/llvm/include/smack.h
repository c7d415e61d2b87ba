/* The LLVM front end's stand-in for SMACK's smack.h (found after the system headers):
   nondeterministic values, assume and assert, as the SMACK regression tests use them. */
#ifndef SMACK_H_
#define SMACK_H_
#include <stdlib.h>
#include <limits.h>
#include <stdbool.h>
void __VERIFIER_assume(int);
void __VERIFIER_assert(int);
#define assume(e) __VERIFIER_assume(e)
#undef assert
#define assert(e) __VERIFIER_assert(e)
int __VERIFIER_nondet(void);
/* SMACK's inline Boogie (frontend/llvm/smack_code.py): each '@' of the text is the next argument */
void __SMACK_code(const char *fmt, ...);
void __SMACK_decl(const char *fmt, ...);
void __SMACK_top_decl(const char *fmt, ...);
/* An initialisation function: runs before the entry's body, after the global initialisers,
   in definition order (SMACK's $initialize) */
#define __SMACK_INIT(x) void __SMACK_init_func_##x(void)
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
signed char __VERIFIER_nondet_signed_char(void);
unsigned char __VERIFIER_nondet_unsigned_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
short __VERIFIER_nondet_signed_short(void);
unsigned short __VERIFIER_nondet_unsigned_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
int __VERIFIER_nondet_signed_int(void);
unsigned int __VERIFIER_nondet_unsigned_int(void);
unsigned int __VERIFIER_nondet_unsigned(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
long __VERIFIER_nondet_signed_long(void);
unsigned long __VERIFIER_nondet_unsigned_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_long_long(void);
long long __VERIFIER_nondet_signed_long_long(void);
unsigned long long __VERIFIER_nondet_unsigned_long_long(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
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
