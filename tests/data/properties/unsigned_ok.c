// EXPECT: correct
// FLAGS: --unsigned-overflow-check --conversion-check --bound 2
// the correct twin: every unsigned operation is guarded, every implicit conversion keeps
// its value, and explicit casts (taken as meant) may change it
unsigned __VERIFIER_nondet_uint(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  unsigned r = 0u;
  if (a <= 4294967295u - b)
    r = a + b;
  if (a >= b)
    r = a - b;
  if (a < 65536u && b < 65536u)
    r = a * b;
  unsigned char c = (unsigned char)x;
  signed char d = 0;
  if (x >= -128 && x <= 127)
    d = x;
  unsigned short h = c;
  int back = (int)a;
  return (int)(r % 7u) + c + d + h + back % 3;
}
