/* The model of errno (errno.h: `*__errno_location()`), a library of its own so that only
   a program that uses errno gets its cell (frontend/models.py).  One int, zero at program
   start (C11 7.5); its address escapes, so every function without a body may write it, as a
   C library function may set errno.  Not linked natively: the C library has errno. */

int __pycorral_errno;

int *__errno_location(void) {
  return &__pycorral_errno;
}
