/* Variable arguments (frontend/c/varargs.py): a va_list points at the next argument slot.
   va_arg(ap, T) has this shape so that gcc's syntax check accepts it; the translator reads
   the whole expression, never the call alone. */
#ifndef PYCORRAL_STDARG_H
#define PYCORRAL_STDARG_H
typedef __builtin_va_list va_list;
typedef __builtin_va_list __gnuc_va_list;
void *__pycorral_va_arg(__builtin_va_list);
#define va_start(v, l) __builtin_va_start(v, l)
#define va_end(v) __builtin_va_end(v)
#define va_copy(d, s) __builtin_va_copy(d, s)
#define __va_copy(d, s) __builtin_va_copy(d, s)
#ifdef __PYCORRAL__
#define va_arg(v, t) (*(t *)__pycorral_va_arg(v))
#else   /* this header compiled natively (a differential test): the compiler's own */
#define va_arg(v, t) __builtin_va_arg(v, t)
#endif
#endif
