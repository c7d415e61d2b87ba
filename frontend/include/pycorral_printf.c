/* <stdio.h> formatted output into memory (sprintf, snprintf, vsprintf, vsnprintf) as C
   models of pycorral: a file of its own (like pycorral_stdio.c) because it reads variable
   arguments (frontend/c/varargs.py, frontend/llvm/varargs.py) and declares their helpers.

   Exact (glibc's output, length and return value) for formats made of plain text and the
   conversions %d %i %u %x %X %c %s %% %n, each with the length modifiers hh h l ll z t j.
   Any other conversion, or a flag, width or precision, makes the rest of the output an
   over-approximation: nondeterministic non-NUL bytes, as many as the result says, the
   result any value from the length so far up (or -1, as glibc gives with EOVERFLOW); the
   buffer is written only within its size, and NUL-terminated.  Loops go over one byte at
   a time: the verifier's bound limits the lengths explored. */

int __VERIFIER_nondet_int(void);
char __VERIFIER_nondet_char(void);
void __VERIFIER_assume(int);
int *__errno_location(void);

#ifdef __PYCORRAL__
void *__pycorral_va_arg(__builtin_va_list);
#define __pycorral_arg(ap, T) (*(T *)__pycorral_va_arg(ap))
#else
#define __pycorral_arg(ap, T) __builtin_va_arg(ap, T)
#endif

/* one byte of output: stored while it fits (the first n - 1 bytes; the NUL comes last) */
static void __pycorral_put(char *s, __SIZE_TYPE__ n, __SIZE_TYPE__ *len, char c) {
  if (*len + 1 < n)
    s[*len] = c;
  *len = *len + 1;
}

/* the digits of v in base 10 or 16 (upper: 'A'-'F'), after a '-' when neg */
static void __pycorral_put_num(char *s, __SIZE_TYPE__ n, __SIZE_TYPE__ *len, int neg,
                               unsigned long long v, int hex, int upper) {
  char d[24];
  int k = 0;
  do {
    int r;
    if (hex) {
      r = (int)(v % 16);
      v = v / 16;
    } else {
      r = (int)(v % 10);
      v = v / 10;
    }
    d[k] = (char)(r < 10 ? '0' + r : (upper ? 'A' : 'a') + r - 10);
    k++;
  } while (v != 0);
  if (neg)
    __pycorral_put(s, n, len, '-');
  while (k > 0) {
    k--;
    __pycorral_put(s, n, len, d[k]);
  }
}

int vsnprintf(char *s, __SIZE_TYPE__ n, const char *f, __builtin_va_list ap) {
  __SIZE_TYPE__ len = 0, i = 0, m;
  for (; f[i] != 0; i++) {
    char c = f[i];
    int l = 0, h = 0;
    if (c != '%') {
      __pycorral_put(s, n, &len, c);
      continue;
    }
    i++;
    for (;; i++) {                          /* length modifiers */
      if (f[i] == 'l')
        l++;
      else if (f[i] == 'h')
        h++;
      else if (f[i] == 'z' || f[i] == 't')
        l = sizeof(__SIZE_TYPE__) == sizeof(long long) && sizeof(long) != sizeof(long long)
            ? 2 : 1;
      else if (f[i] == 'j')
        l = 2;
      else
        break;
    }
    c = f[i];
    if (c == '%' && l == 0 && h == 0) {
      __pycorral_put(s, n, &len, '%');
    } else if (c == 'c' && l == 0 && h == 0) {
      __pycorral_put(s, n, &len, (char)__pycorral_arg(ap, int));
    } else if (c == 's' && l == 0 && h == 0) {
      const char *t = __pycorral_arg(ap, const char *);
      __SIZE_TYPE__ k;
      for (k = 0; t[k] != 0; k++)
        __pycorral_put(s, n, &len, t[k]);
    } else if (c == 'd' || c == 'i') {
      long long v = l >= 2 ? __pycorral_arg(ap, long long)
                  : l == 1 ? __pycorral_arg(ap, long) : __pycorral_arg(ap, int);
      if (h == 1)
        v = (short)v;
      else if (h >= 2)
        v = (signed char)v;
      __pycorral_put_num(s, n, &len, v < 0, v < 0 ? 0 - (unsigned long long)v
                                                   : (unsigned long long)v, 0, 0);
    } else if (c == 'u' || c == 'x' || c == 'X') {
      unsigned long long v = l >= 2 ? __pycorral_arg(ap, unsigned long long)
                           : l == 1 ? __pycorral_arg(ap, unsigned long)
                           : __pycorral_arg(ap, unsigned int);
      if (h == 1)
        v = (unsigned short)v;
      else if (h >= 2)
        v = (unsigned char)v;
      __pycorral_put_num(s, n, &len, 0, v, c != 'u', c == 'X');
    } else if (c == 'n' && l == 0 && h == 0) {
      /* the int as its bytes (x86: little-endian): the model views the pointers it
         reads from the arguments only as char *, so that the memory of a program
         without %n stays typed (frontend/c/points_to.py) */
      char *np = __pycorral_arg(ap, char *);
      unsigned v = (unsigned)len;
      np[0] = (char)v;
      np[1] = (char)(v >> 8);
      np[2] = (char)(v >> 16);
      np[3] = (char)(v >> 24);
    } else {
      goto unknown;
    }
  }
  if (n > 0)
    s[len < n ? len : n - 1] = 0;
  if (len > (__SIZE_TYPE__)__INT_MAX__) {
    *__errno_location() = 75;   /* EOVERFLOW */
    return -1;
  }
  return (int)len;
unknown:
  m = (__SIZE_TYPE__)(unsigned)__VERIFIER_nondet_int();
  __VERIFIER_assume(m >= len && m <= (__SIZE_TYPE__)__INT_MAX__);
  while (len < m) {
    char b = __VERIFIER_nondet_char();
    __VERIFIER_assume(b != 0);
    __pycorral_put(s, n, &len, b);
  }
  if (n > 0)
    s[len < n ? len : n - 1] = 0;
  if (__VERIFIER_nondet_int())
    return -1;
  return (int)len;
}

int vsprintf(char *s, const char *f, __builtin_va_list ap) {
  return vsnprintf(s, (__SIZE_TYPE__)-1, f, ap);
}

int snprintf(char *s, __SIZE_TYPE__ n, const char *f, ...) {
  __builtin_va_list ap;
  int r;
  __builtin_va_start(ap, f);
  r = vsnprintf(s, n, f, ap);
  __builtin_va_end(ap);
  return r;
}

int sprintf(char *s, const char *f, ...) {
  __builtin_va_list ap;
  int r;
  __builtin_va_start(ap, f);
  r = vsnprintf(s, (__SIZE_TYPE__)-1, f, ap);
  __builtin_va_end(ap);
  return r;
}
