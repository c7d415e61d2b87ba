// EXPECT: correct
// FLAGS: --data-model LP64 --encoding int --bound 5
// A program's declaration of a library function whose integer parameter is narrower than
// the model's, of the same signedness (a 32-bit kernel's size_t against the model's
// unsigned long, as in SV-COMP's LDV tasks): the model is used, and the argument is
// converted to the declared type first (the call passes 1, not 0x100000001).  The LLVM
// front end widens the i32 argument to the model's i64 (zero or sign extension: the IR
// does not say which the declaration meant).
extern int strncmp(const char *a, const char *b, unsigned int n);
extern void reach_error(void);
int main(void) {
  unsigned long long n = 0x100000001ULL;
  if (strncmp("ab", "ac", n) != 0) reach_error();
  if (strncmp("ab", "ac", 2) >= 0) reach_error();
  return 0;
}
