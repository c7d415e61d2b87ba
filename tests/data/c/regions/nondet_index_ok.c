// EXPECT: correct
// A buffer written at a nondeterministic index and a format-like string read beside it:
// the index is no pointer, so the buffer and the string stay apart.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
const char *fmt = "ab";
int main(void) {
  char buf[8];
  for (int k = 0; k < 3; k++) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i >= 8) return 0;
    buf[i] = 'x';
  }
  if (fmt[0] != 'a' || fmt[1] != 'b' || fmt[2] != 0) reach_error();
  return 0;
}
