# 1 "step_sum.c"
extern void __VERIFIER_error(void) __attribute__ ((__noreturn__));

void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: __VERIFIER_error();
  }
  return;
}

int main() {
  int k, total = 0;
  for (k = 0; k < 6; k++) {
    total = total + (3);
  }
  __VERIFIER_assert(total == 6 * (3) || total == 0);
  return 0;
}
