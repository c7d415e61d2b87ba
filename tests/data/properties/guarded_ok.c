// EXPECT: correct
// FLAGS: --signed-overflow-check --div-by-zero-check --bound 2
// the correct twins: every operation is guarded against its undefined case, and the
// guards short-circuit (the check of the right operand only runs when it is evaluated)
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  unsigned s = __VERIFIER_nondet_uint();
  int r = 0;
  if (x < 2147483647)
    r = x + 1;
  if (d != 0 && !(x == -2147483647 - 1 && d == -1))
    r = x / d + x % d;
  if (d > 0 && x / d > 3)
    r = 1;
  if (x > -2147483647 - 1)
    r = -x;
  if (s < 32)
    r = (int)(1u << s);
  if (x >= 0 && x < 46340)
    r = x * x;
  unsigned u = 4294967295u;
  u = u + 1u;           /* unsigned arithmetic wraps: defined */
  return r + (int)u;
}
