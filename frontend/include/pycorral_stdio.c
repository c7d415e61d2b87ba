/* <stdio.h> file models of pycorral, in C: a file of its own (like pycorral_errno.c) so
   that only a program calling fopen declares the FILE object (frontend/models.py). */

/* <stdio.h> fgets(s, n, stream): NULL (end of file or an error: s unchanged, as far as the
   model knows) or s holding at most n - 1 bytes of any value, the line read up to and
   including a newline or the end of the file, then a NUL.  The stream is not read: any
   file's contents.  (A native replay calls the real fgets, which does not consume these
   choices: a bug on such a path is not confirmed by execution.) */
struct __pycorral_FILE;
char __VERIFIER_nondet_char(void);
int __VERIFIER_nondet_int(void);

char *fgets(char *s, int n, struct __pycorral_FILE *stream) {
  int i = 0;
  (void)stream;
  if (n <= 0 || __VERIFIER_nondet_int())
    return 0;
  while (i < n - 1) {
    char c = __VERIFIER_nondet_char();
    s[i] = c;
    i++;
    if (c == '\n' || __VERIFIER_nondet_int())
      break;
  }
  s[i] = 0;
  return s;
}

/* fopen: NULL, or a FILE that is one object for every file (its contents are nobody's
   business: the other models do not read it); fclose: 0 or EOF. */
static char __pycorral_file_object;

struct __pycorral_FILE *fopen(const char *path, const char *mode) {
  (void)path;
  (void)mode;
  if (__VERIFIER_nondet_int())
    return 0;
  return (struct __pycorral_FILE *)&__pycorral_file_object;
}

int fclose(struct __pycorral_FILE *stream) {
  (void)stream;
  return __VERIFIER_nondet_int() ? -1 : 0;
}

/* fgetc/getc/getchar: EOF (end of file or an error) or any byte, as an unsigned char */
int fgetc(struct __pycorral_FILE *stream) {
  (void)stream;
  if (__VERIFIER_nondet_int())
    return -1;
  return (unsigned char)__VERIFIER_nondet_char();
}

int getc(struct __pycorral_FILE *stream) {
  return fgetc(stream);
}

int getchar(void) {
  return fgetc(0);
}

/* fread(p, size, nmemb, stream): r <= nmemb elements read; the bytes stored are any values,
   and may go beyond r elements (a partial element at the end) but never beyond the
   size * nmemb bytes asked for.  fwrite: r <= nmemb written; memory unchanged. */
void __VERIFIER_assume(int);
unsigned int __VERIFIER_nondet_uint(void);

__SIZE_TYPE__ fread(void *p, __SIZE_TYPE__ size, __SIZE_TYPE__ nmemb,
                    struct __pycorral_FILE *stream) {
  unsigned char *b = p;
  __SIZE_TYPE__ r = __VERIFIER_nondet_uint(), stored = __VERIFIER_nondet_uint(), i;
  (void)stream;
  if (size == 0 || nmemb == 0)
    return 0;
  __VERIFIER_assume(r <= nmemb && r * size <= stored && stored <= size * nmemb);
  for (i = 0; i < stored; i++)
    b[i] = (unsigned char)__VERIFIER_nondet_char();
  return r;
}

__SIZE_TYPE__ fwrite(const void *p, __SIZE_TYPE__ size, __SIZE_TYPE__ nmemb,
                     struct __pycorral_FILE *stream) {
  __SIZE_TYPE__ r = __VERIFIER_nondet_uint();
  (void)p;
  (void)stream;
  if (size == 0 || nmemb == 0)
    return 0;
  __VERIFIER_assume(r <= nmemb);
  return r;
}

/* feof/ferror: the stream's flags, any values */
int feof(struct __pycorral_FILE *stream) {
  (void)stream;
  return __VERIFIER_nondet_int();
}

int ferror(struct __pycorral_FILE *stream) {
  (void)stream;
  return __VERIFIER_nondet_int();
}
