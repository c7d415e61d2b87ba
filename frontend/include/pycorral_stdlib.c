/* <stdlib.h> models of pycorral (and strtok), in C: a file of its own (like
   pycorral_errno.c) because they set errno and keep a static state (strtok's position):
   only a program calling one of them declares errno's cell and that state
   (frontend/models.py).  getenv, whose strings need an area of their own, is in
   pycorral_getenv.c.  They call pycorral_libc.c's string and ctype models. */

__SIZE_TYPE__ strspn(const char *s, const char *accept);
__SIZE_TYPE__ strcspn(const char *s, const char *reject);
int isspace(int c);

int *__errno_location(void);
int __VERIFIER_nondet_int(void);
char __VERIFIER_nondet_char(void);
unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assume(int);

/* the value of c as a digit of base 36 (36: not a digit) */
static int __pycorral_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 36;
}

/* The digits and the end of the scan of the strtol family below, one function per common
   base with the base a constant, so that the multiplication and the limits stay linear for
   the solver; a base the call does not take is never reached, so its function is never
   inlined.  s: the first possible digit; digits: where the digits begin (after the sign
   and prefix); the rest as in __pycorral_strtou. */
#define __PYCORRAL_STRTOU_TAIL(B)                                                        \
  const char *digits = s;                                                                \
  unsigned long long acc = 0, cutoff = lim / (B);                                        \
  int cutlim = (int)(lim % (B)), d;                                                      \
  (void)base;                                                                            \
  for (;;) {                                                                             \
    d = __pycorral_digit(*s);                                                            \
    if (d >= (int)(B))                                                                   \
      break;                                                                             \
    if (acc > cutoff || (acc == cutoff && d > cutlim))                                   \
      *range = 1;                                                                        \
    else                                                                                 \
      acc = acc * (B) + (unsigned)d;                                                     \
    s++;                                                                                 \
  }                                                                                      \
  if (s == digits) {                                                                     \
    if (endptr != 0)                                                                     \
      *endptr = (char *)((s - nptr >= 2 && (s[-1] == 'x' || s[-1] == 'X') && s[-2] == '0') \
                         ? s - 1 : nptr);                                                \
    return 0;                                                                            \
  }                                                                                      \
  if (endptr != 0)                                                                       \
    *endptr = (char *)s;                                                                 \
  if (*range) {                                                                          \
    *__errno_location() = 34;   /* ERANGE */                                             \
    return lim;                                                                          \
  }                                                                                      \
  return acc;
static unsigned long long __pycorral_strtou_10(const char *nptr, const char *s,
                                               char **endptr, unsigned base, unsigned long long lim, int *range) {
  __PYCORRAL_STRTOU_TAIL(10u)
}
static unsigned long long __pycorral_strtou_16(const char *nptr, const char *s,
                                               char **endptr, unsigned base, unsigned long long lim, int *range) {
  __PYCORRAL_STRTOU_TAIL(16u)
}
static unsigned long long __pycorral_strtou_8(const char *nptr, const char *s,
                                              char **endptr, unsigned base, unsigned long long lim, int *range) {
  __PYCORRAL_STRTOU_TAIL(8u)
}
static unsigned long long __pycorral_strtou_any(const char *nptr, const char *s,
                                                char **endptr, unsigned base, unsigned long long lim, int *range) {
  __PYCORRAL_STRTOU_TAIL(base)
}
#undef __PYCORRAL_STRTOU_TAIL

/* The scan of glibc's strtol family (stdlib/strtol_l.c): white space, a sign, a prefix 0x
   (base 0 or 16) or 0 (base 0: octal), then the digits.  The result is the magnitude, and
   *neg the sign; a magnitude above the limit of the sign (pos_lim, neg_lim) sets *range
   and errno = ERANGE.  *endptr: after the last digit; with no digits the start, or the `x`
   of a `0x` without hexadecimal digits after it.  A base other than 0 and 2..36: errno
   EINVAL, 0, *endptr untouched (*range is then -1). */
static unsigned long long __pycorral_strtou(const char *nptr, char **endptr, int base,
                                            unsigned long long pos_lim,
                                            unsigned long long neg_lim, int *neg,
                                            int *range) {
  const char *s = nptr;
  unsigned long long lim;
  *neg = 0;
  *range = 0;
  if (base < 0 || base == 1 || base > 36) {
    *__errno_location() = 22;   /* EINVAL */
    *range = -1;
    return 0;
  }
  while (isspace(*s))
    s++;
  if (*s == '-') {
    *neg = 1;
    s++;
  } else if (*s == '+') {
    s++;
  }
  if (*s == '0') {
    if ((base == 0 || base == 16) && (s[1] == 'x' || s[1] == 'X')) {
      s += 2;
      base = 16;
    } else if (base == 0) {
      base = 8;
    }
  } else if (base == 0) {
    base = 10;
  }
  lim = *neg ? neg_lim : pos_lim;
  if (base == 10)
    return __pycorral_strtou_10(nptr, s, endptr, 10, lim, range);
  if (base == 16)
    return __pycorral_strtou_16(nptr, s, endptr, 16, lim, range);
  if (base == 8)
    return __pycorral_strtou_8(nptr, s, endptr, 8, lim, range);
  return __pycorral_strtou_any(nptr, s, endptr, (unsigned)base, lim, range);
}

long strtol(const char *s, char **endptr, int base) {
  int neg, range;
  unsigned long long m = __pycorral_strtou(s, endptr, base, __LONG_MAX__,
                                           (unsigned long long)__LONG_MAX__ + 1, &neg, &range);
  if (range < 0)
    return 0;
  if (range > 0)
    return neg ? -__LONG_MAX__ - 1 : __LONG_MAX__;
  return neg && m != 0 ? -(long)(m - 1) - 1 : (long)m;
}

long long strtoll(const char *s, char **endptr, int base) {
  int neg, range;
  unsigned long long m = __pycorral_strtou(s, endptr, base, __LONG_LONG_MAX__,
                                           (unsigned long long)__LONG_LONG_MAX__ + 1, &neg,
                                           &range);
  if (range < 0)
    return 0;
  if (range > 0)
    return neg ? -__LONG_LONG_MAX__ - 1 : __LONG_LONG_MAX__;
  return neg && m != 0 ? -(long long)(m - 1) - 1 : (long long)m;
}

unsigned long strtoul(const char *s, char **endptr, int base) {
  int neg, range;
  unsigned long long m = __pycorral_strtou(s, endptr, base, __LONG_MAX__ * 2UL + 1,
                                           __LONG_MAX__ * 2UL + 1, &neg, &range);
  if (range < 0)
    return 0;
  if (range > 0)
    return __LONG_MAX__ * 2UL + 1;
  return neg ? 0 - (unsigned long)m : (unsigned long)m;
}

unsigned long long strtoull(const char *s, char **endptr, int base) {
  int neg, range;
  unsigned long long m = __pycorral_strtou(s, endptr, base, __LONG_LONG_MAX__ * 2ULL + 1,
                                           __LONG_LONG_MAX__ * 2ULL + 1, &neg, &range);
  if (range < 0)
    return 0;
  if (range > 0)
    return __LONG_LONG_MAX__ * 2ULL + 1;
  return neg ? 0 - m : m;
}

/* glibc's atoi/atol/atoll are strtol's (errno included; atoi truncates strtol's long) */
int atoi(const char *s) { return (int)strtol(s, 0, 10); }
long atol(const char *s) { return strtol(s, 0, 10); }
long long atoll(const char *s) { return strtoll(s, 0, 10); }

/* qsort: an insertion sort calling the comparator through the pointer.  An element moves
   left past a greater one, and past an equal one when a nondeterministic choice says so:
   every order of the elements that compare equal is possible (the standard leaves it
   open; glibc's merge sort keeps the original order, the choice "stop" at every tie). */
void qsort(void *base, __SIZE_TYPE__ n, __SIZE_TYPE__ size,
           int (*cmp)(const void *, const void *)) {
  char *b = base;
  __SIZE_TYPE__ i, j, k;
  for (i = 1; i < n; i++) {
    for (j = i; j > 0; j--) {
      char *x = b + (j - 1) * size;
      char *y = x + size;
      int c = cmp(x, y);
      if (c < 0 || (c == 0 && !__VERIFIER_nondet_int()))
        break;
      if (size == sizeof(int)) {          /* the common sizes without a loop */
        int t = *(int *)x;
        *(int *)x = *(int *)y;
        *(int *)y = t;
      } else if (size == sizeof(long long)) {
        long long t = *(long long *)x;
        *(long long *)x = *(long long *)y;
        *(long long *)y = t;
      } else {
        for (k = 0; k < size; k++) {
          char t = x[k];
          x[k] = y[k];
          y[k] = t;
        }
      }
    }
  }
}

/* bsearch: glibc's binary search (the same probes, so the same element among equal ones) */
void *bsearch(const void *key, const void *base, __SIZE_TYPE__ n, __SIZE_TYPE__ size,
              int (*cmp)(const void *, const void *)) {
  __SIZE_TYPE__ lo = 0, hi = n;
  while (lo < hi) {
    __SIZE_TYPE__ mid = lo + (hi - lo) / 2;
    const char *p = (const char *)base + mid * size;
    int c = cmp(key, p);
    if (c < 0)
      hi = mid;
    else if (c > 0)
      lo = mid + 1;
    else
      return (void *)p;
  }
  return 0;
}

/* strtok: its state is the one static pointer glibc keeps (where the next call goes on) */
static char *__pycorral_strtok_next;

char *strtok(char *s, const char *delim) {
  char *tok;
  if (s == 0)                 /* (a first call with NULL reads through NULL, as glibc's) */
    s = __pycorral_strtok_next;
  s += strspn(s, delim);
  if (*s == 0) {
    __pycorral_strtok_next = s;
    return 0;
  }
  tok = s;
  s += strcspn(s, delim);
  if (*s != 0) {
    *s = 0;
    __pycorral_strtok_next = s + 1;
  } else {
    __pycorral_strtok_next = s;
  }
  return tok;
}
