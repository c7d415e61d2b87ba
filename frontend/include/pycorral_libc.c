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
