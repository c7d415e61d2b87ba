// function pointers: resolved to the address-taken functions of matching type
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int incr(int x) { return x + 1; }
int decr(int x) { return x - 1; }
void noop(void) {}
struct ops { int (*f)(int); };
int main(void) {
  int (*fp)(int) = __VERIFIER_nondet_int() ? incr : &decr;
  struct ops o = { incr };
  int r = fp(1) + (*o.f)(2) + o.f(3);
  void (*g)(void) = noop; g();
  if (r != 2 + 3 + 4 && r != 0 + 3 + 4) reach_error();
  return 0;
}
