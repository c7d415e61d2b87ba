// EXPECT: bug
// FLAGS: --data-model LP64 --encoding int --bound 5
// The twin of library_narrow_param_ok.c: the declared 32-bit parameter and result reach
// the model (strncmp's unsigned long n; strlen's unsigned long result) converted, so the
// comparison of "ab" and "ac" over 2 bytes is negative and strlen("abc") is 3.
extern int strncmp(const char *a, const char *b, unsigned int n);
extern unsigned int strlen(const char *s);
extern void reach_error(void);
int main(void) {
  if (strlen("abc") == 3 && strncmp("ab", "ac", 2) < 0) reach_error();
  return 0;
}
