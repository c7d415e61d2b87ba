/* <stdlib.h>'s getenv as a C model of pycorral: a file of its own because its strings
   live in a 4096-byte static area, which a program declares (and zero-fills at start)
   only when it calls getenv (frontend/models.py): in pycorral_stdlib.c it weighed on every
   program calling strtol or atoi. */

int __VERIFIER_nondet_int(void);
char __VERIFIER_nondet_char(void);
unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assume(int);

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
