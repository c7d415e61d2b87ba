// EXPECT: bug
// FLAGS: --bound 1
// The chain of PLDI 2015 Fig. 2 with N = 5; P4's else branch breaks the invariant.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int g;

void P5(void) {
  assert(g == 5);
}

void P4(void) {
  /* g == 4 on entry */
  if (__VERIFIER_nondet_int()) {
    g = g + 1;
    P5();
  } else {
    g = g + 2;
    P5();
  }
}

void P3(void) {
  /* g == 3 on entry */
  if (__VERIFIER_nondet_int()) {
    g = g + 1;
    P4();
  } else {
    g = g + 2; g = g - 1;
    P4();
  }
}

void P2(void) {
  /* g == 2 on entry */
  if (__VERIFIER_nondet_int()) {
    g = g + 1;
    P3();
  } else {
    g = g + 2; g = g - 1;
    P3();
  }
}

void P1(void) {
  /* g == 1 on entry */
  if (__VERIFIER_nondet_int()) {
    g = g + 1;
    P2();
  } else {
    g = g + 2; g = g - 1;
    P2();
  }
}

void P0(void) {
  /* g == 0 on entry */
  if (__VERIFIER_nondet_int()) {
    g = g + 1;
    P1();
  } else {
    g = g + 2; g = g - 1;
    P1();
  }
}

int main(void) {
  g = 0;
  P0();
  return 0;
}
