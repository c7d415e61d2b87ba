/* C library models of pycorral's C front end, written in C.

   frontend/c/builtins.py links a definition from this file into a program when the program
   calls the function without defining it (only the definitions called are linked).  Being
   C, the models are translated like the program: exact in both integer encodings and in
   every memory model (a `void *` argument viewed as bytes makes the front end choose the
   byte-level memory when the caller's objects are not bytes).  Loops go over one byte at a
   time, so the verifier's recursion bound limits the string lengths explored: a bug beyond
   the bound is "no bug within bound", never "correct".

   Results the C standard leaves unspecified (the value of strcmp/strncmp/memcmp beyond its
   sign) come from `__pycorral_sign_like(d)`: any int with the sign of d.

   No typedefs or includes: `__SIZE_TYPE__` is the preprocessor's size_t for the data model. */

int __pycorral_sign_like(int d);

__SIZE_TYPE__ strlen(const char *s) {
  __SIZE_TYPE__ n = 0;
  while (s[n] != 0)
    n++;
  return n;
}

char *strcpy(char *dst, const char *src) {
  __SIZE_TYPE__ i = 0;
  while ((dst[i] = src[i]) != 0)
    i++;
  return dst;
}

char *strncpy(char *dst, const char *src, __SIZE_TYPE__ n) {
  __SIZE_TYPE__ i = 0;
  for (; i < n && src[i] != 0; i++)
    dst[i] = src[i];
  for (; i < n; i++)          /* a shorter source is padded with zeros up to n */
    dst[i] = 0;
  return dst;
}

int strcmp(const char *a, const char *b) {
  __SIZE_TYPE__ i = 0;
  while (a[i] != 0 && a[i] == b[i])
    i++;
  return __pycorral_sign_like((unsigned char)a[i] - (unsigned char)b[i]);
}

int strncmp(const char *a, const char *b, __SIZE_TYPE__ n) {
  __SIZE_TYPE__ i = 0;
  if (n == 0)
    return 0;
  while (i + 1 < n && a[i] != 0 && a[i] == b[i])
    i++;
  return __pycorral_sign_like((unsigned char)a[i] - (unsigned char)b[i]);
}

char *strcat(char *dst, const char *src) {
  __SIZE_TYPE__ n = 0, i = 0;
  while (dst[n] != 0)
    n++;
  while ((dst[n + i] = src[i]) != 0)
    i++;
  return dst;
}

char *strchr(const char *s, int c) {
  __SIZE_TYPE__ i = 0;
  while (s[i] != (char)c) {   /* the terminator itself is found when c is 0 */
    if (s[i] == 0)
      return 0;
    i++;
  }
  return (char *)s + i;
}

int memcmp(const void *p, const void *q, __SIZE_TYPE__ n) {
  const unsigned char *a = p;
  const unsigned char *b = q;
  __SIZE_TYPE__ i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i])
      return __pycorral_sign_like(a[i] - b[i]);
  return 0;
}

/* The three below are used only when the front end cannot unroll the call over the
   pointee's fields (a size that is not a constant multiple of it). */
void *memmove(void *dst, const void *src, __SIZE_TYPE__ n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  __SIZE_TYPE__ i;
  if (d < s) {
    for (i = 0; i < n; i++)
      d[i] = s[i];
  } else {
    for (i = n; i > 0; i--)
      d[i - 1] = s[i - 1];
  }
  return dst;
}

void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  __SIZE_TYPE__ i;
  for (i = 0; i < n; i++)
    d[i] = s[i];
  return dst;
}

void *memset(void *dst, int c, __SIZE_TYPE__ n) {
  unsigned char *d = dst;
  __SIZE_TYPE__ i;
  for (i = 0; i < n; i++)
    d[i] = (unsigned char)c;
  return dst;
}

/* <ctype.h> in the "C" locale (ASCII): an argument outside 0..127 (EOF, bytes >= 128) is
   in no class and maps to itself.  (The LLVM front end compiles with -D__NO_CTYPE, so
   glibc's ctype.h calls these instead of reading its locale's tables.) */
int isupper(int c) { return c >= 'A' && c <= 'Z'; }
int islower(int c) { return c >= 'a' && c <= 'z'; }
int isdigit(int c) { return c >= '0' && c <= '9'; }
int isalpha(int c) { return isupper(c) || islower(c); }
int isalnum(int c) { return isalpha(c) || isdigit(c); }
int isxdigit(int c) { return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int isblank(int c) { return c == ' ' || c == '\t'; }
int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int iscntrl(int c) { return (c >= 0 && c < 32) || c == 127; }
int isprint(int c) { return c >= 32 && c < 127; }
int isgraph(int c) { return c > 32 && c < 127; }
int ispunct(int c) { return isgraph(c) && !isalnum(c); }
int tolower(int c) { return isupper(c) ? c - 'A' + 'a' : c; }
int toupper(int c) { return islower(c) ? c - 'a' + 'A' : c; }


/* ------------------------------------------------------------------ the rest of <string.h> */

void *malloc(__SIZE_TYPE__ n);

__SIZE_TYPE__ strnlen(const char *s, __SIZE_TYPE__ max) {
  __SIZE_TYPE__ n = 0;
  while (n < max && s[n] != 0)
    n++;
  return n;
}

/* strdup/strndup: a fresh block from malloc (NULL exactly when malloc's model gives NULL) */
char *strdup(const char *s) {
  __SIZE_TYPE__ n = strlen(s);
  char *d = malloc(n + 1);
  __SIZE_TYPE__ i;
  if (d == 0)
    return 0;
  for (i = 0; i <= n; i++)
    d[i] = s[i];
  return d;
}

char *strndup(const char *s, __SIZE_TYPE__ max) {
  __SIZE_TYPE__ n = strnlen(s, max);
  char *d = malloc(n + 1);
  __SIZE_TYPE__ i;
  if (d == 0)
    return 0;
  for (i = 0; i < n; i++)
    d[i] = s[i];
  d[n] = 0;
  return d;
}

char *strrchr(const char *s, int c) {
  const char *found = 0;
  __SIZE_TYPE__ i = 0;
  for (;;) {
    if (s[i] == (char)c)
      found = s + i;
    if (s[i] == 0)
      return (char *)found;
    i++;
  }
}

void *memchr(const void *p, int c, __SIZE_TYPE__ n) {
  const unsigned char *s = p;
  __SIZE_TYPE__ i;
  for (i = 0; i < n; i++)
    if (s[i] == (unsigned char)c)
      return (void *)(s + i);
  return 0;
}

char *strstr(const char *h, const char *needle) {
  __SIZE_TYPE__ i = 0, j;
  for (;;) {
    for (j = 0; needle[j] != 0 && h[i + j] == needle[j]; j++)
      ;
    if (needle[j] == 0)
      return (char *)h + i;
    if (h[i] == 0)
      return 0;
    i++;
  }
}

/* strspn/strcspn/strpbrk: whether byte c is in set (NUL never is) */
static int __pycorral_in_set(char c, const char *set) {
  __SIZE_TYPE__ k;
  for (k = 0; set[k] != 0; k++)
    if (set[k] == c)
      return 1;
  return 0;
}

__SIZE_TYPE__ strspn(const char *s, const char *accept) {
  __SIZE_TYPE__ n = 0;
  while (s[n] != 0 && __pycorral_in_set(s[n], accept))
    n++;
  return n;
}

__SIZE_TYPE__ strcspn(const char *s, const char *reject) {
  __SIZE_TYPE__ n = 0;
  while (s[n] != 0 && !__pycorral_in_set(s[n], reject))
    n++;
  return n;
}

char *strpbrk(const char *s, const char *accept) {
  __SIZE_TYPE__ n = strcspn(s, accept);
  return s[n] != 0 ? (char *)s + n : 0;
}

char *strncat(char *dst, const char *src, __SIZE_TYPE__ n) {
  __SIZE_TYPE__ d = strlen(dst), i;
  for (i = 0; i < n && src[i] != 0; i++)
    dst[d + i] = src[i];
  dst[d + i] = 0;
  return dst;
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

/* ------------------------------------------------------------------ <stdlib.h> */

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
  const char *digits;
  unsigned long long acc = 0, lim, cutoff;
  int cutlim, d;
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
  digits = s;
  lim = *neg ? neg_lim : pos_lim;
  cutoff = lim / (unsigned)base;
  cutlim = (int)(lim % (unsigned)base);
  for (;;) {
    d = __pycorral_digit(*s);
    if (d >= base)
      break;
    if (acc > cutoff || (acc == cutoff && d > cutlim))
      *range = 1;
    else
      acc = acc * (unsigned)base + (unsigned)d;
    s++;
  }
  if (s == digits) {
    if (endptr != 0)
      *endptr = (char *)((s - nptr >= 2 && (s[-1] == 'x' || s[-1] == 'X') && s[-2] == '0')
                         ? s - 1 : nptr);
    return 0;
  }
  if (endptr != 0)
    *endptr = (char *)s;
  if (*range) {
    *__errno_location() = 34;   /* ERANGE */
    return lim;
  }
  return acc;
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

/* getenv: NULL, or a string of nondeterministic non-NUL bytes (shorter than 256) in an
   area of its own for each call (not a heap block: nothing to free), up to 4096 bytes of
   results in a run.  The name is not read. */
static char __pycorral_env_area[4096];
static __SIZE_TYPE__ __pycorral_env_used;

char *getenv(const char *name) {
  __SIZE_TYPE__ n = __VERIFIER_nondet_uint(), i;
  char *s;
  (void)name;
  if (__VERIFIER_nondet_int())
    return 0;
  __VERIFIER_assume(n < 256 && __pycorral_env_used + n + 1 <= sizeof __pycorral_env_area);
  s = __pycorral_env_area + __pycorral_env_used;
  __pycorral_env_used += n + 1;
  for (i = 0; i < n; i++) {
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume(c != 0);
    s[i] = c;
  }
  s[n] = 0;
  return s;
}
