// EXPECT: bug
// PROPERTY: undefined-shift
// FLAGS: --signed-overflow-check --bound 2
// a shift by 32 of a 32-bit value is undefined even for unsigned operands
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned s = __VERIFIER_nondet_uint();
  unsigned r = 0;
  if (s <= 32)
    r = 1u << s;  // <-
  return (int)(r & 1u);
}
