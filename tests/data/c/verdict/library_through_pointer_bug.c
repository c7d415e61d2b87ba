// EXPECT: bug
// FLAGS: --data-model LP64 --bound 4
// A model library's function called through a function pointer (frontend/c/calls.py) goes
// the way of a direct call (builtins.py library_call_values): the arguments converted from
// the program's declaration (here narrower than the models' size_t) to the model's, the
// result back to the declared type.  The LLVM front end once answered "correct" on the bug
// twin: the models' i64 types excluded them from the pointer's targets (callgraph.py `fits`).
extern unsigned int strlen(const char *s);
extern int strncmp(const char *a, const char *b, unsigned int n);
extern void reach_error(void);
int main(void) {
  unsigned int (*len)(const char *) = strlen;
  int (*cmp)(const char *, const char *, unsigned int) = strncmp;
  if (len("abc") == 3 && cmp("ab", "ac", 1) == 0 && cmp("ab", "ac", 2) < 0) reach_error();
  return 0;
}
