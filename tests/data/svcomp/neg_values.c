// EXPECT: FALSE
// INPUTS: -5 200
// EVENTS: input@16 input@17 enter:check@18 return:check@18
// A bug needs a negative int and a large unsigned char: checks the witness values
// (two's complement of a bitvector model value read back as the C type's value).
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "neg_values.c", 9, "reach_error"); }

int check(int x, unsigned char c) {
  return x + 10 == 5 && c > 199 && c < 201;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (check(x, c)) {
    reach_error();
  }
  return 0;
}
