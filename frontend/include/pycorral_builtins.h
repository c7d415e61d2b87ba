/* Declarations pycorral's C front end treats as built-in (included by every shipped header).
   The translator recognises these names; see frontend/c/builtins.py.
   size_t, ptrdiff_t and wchar_t are defined only by the headers whose standard counterparts
   define them (a header asks with `#define __pycorral_need_size_t` and the like before it
   includes this one), so that a source that typedefs one itself -- a Windows driver's
   `typedef unsigned short wchar_t;` after `#include <assert.h>` -- stays valid. */
#if defined(__pycorral_need_size_t) && !defined(__pycorral_have_size_t)
#define __pycorral_have_size_t
typedef __SIZE_TYPE__ size_t;
#endif
#if defined(__pycorral_need_ptrdiff_t) && !defined(__pycorral_have_ptrdiff_t)
#define __pycorral_have_ptrdiff_t
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#endif
#if defined(__pycorral_need_wchar_t) && !defined(__pycorral_have_wchar_t)
#define __pycorral_have_wchar_t
typedef __WCHAR_TYPE__ wchar_t;
#endif
#undef __pycorral_need_size_t
#undef __pycorral_need_ptrdiff_t
#undef __pycorral_need_wchar_t
#ifndef PYCORRAL_BUILTINS_H
#define PYCORRAL_BUILTINS_H
#ifndef NULL
#define NULL ((void *)0)
#endif
void __pycorral_assert(int);
void __VERIFIER_assume(int);
void __VERIFIER_error(void);
void reach_error(void);
void __assert_fail(const char *, const char *, unsigned int, const char *);
void __assert_perror_fail(int, const char *, unsigned int, const char *);
void __assert(const char *, const char *, int);
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
signed char __VERIFIER_nondet_signed_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
unsigned char __VERIFIER_nondet_unsigned_char(void);
short __VERIFIER_nondet_short(void);
short __VERIFIER_nondet_signed_short(void);
short __VERIFIER_nondet_signed_short_int(void);
short __VERIFIER_nondet_short_int(void);
unsigned short __VERIFIER_nondet_ushort(void);
unsigned short __VERIFIER_nondet_unsigned_short(void);
unsigned short __VERIFIER_nondet_unsigned_short_int(void);
int __VERIFIER_nondet_int(void);
int __VERIFIER_nondet_signed_int(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned int __VERIFIER_nondet_unsigned(void);
unsigned int __VERIFIER_nondet_unsigned_int(void);
unsigned int __VERIFIER_nondet_u32(void);
long __VERIFIER_nondet_long(void);
long __VERIFIER_nondet_signed_long(void);
long __VERIFIER_nondet_long_int(void);
long __VERIFIER_nondet_signed_long_int(void);
unsigned long __VERIFIER_nondet_ulong(void);
unsigned long __VERIFIER_nondet_unsigned_long(void);
unsigned long __VERIFIER_nondet_unsigned_long_int(void);
long long __VERIFIER_nondet_longlong(void);
long long __VERIFIER_nondet_long_long(void);
long long __VERIFIER_nondet_signed_long_long(void);
long long __VERIFIER_nondet_long_long_int(void);
long long __VERIFIER_nondet_signed_long_long_int(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
unsigned long long __VERIFIER_nondet_unsigned_long_long(void);
unsigned long long __VERIFIER_nondet_unsigned_long_long_int(void);
__SIZE_TYPE__ __VERIFIER_nondet_size_t(void);
long __VERIFIER_nondet_loff_t(void);
unsigned long __VERIFIER_nondet_sector_t(void);
unsigned char __VERIFIER_nondet_u8(void);
unsigned short __VERIFIER_nondet_u16(void);
unsigned long long __VERIFIER_nondet_u64(void);
char *__VERIFIER_nondet_pchar(void);
void *__VERIFIER_nondet_pointer(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
#endif
