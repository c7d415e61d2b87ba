// EXPECT: bug
// PROPERTY: conversion
// FLAGS: --conversion-check --bound 2
// a negative int passed where an unsigned is expected changes its value
int __VERIFIER_nondet_int(void);
static unsigned twice(unsigned u) { return u / 2u; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    return (int)twice(x);  // <-
  return 0;
}
