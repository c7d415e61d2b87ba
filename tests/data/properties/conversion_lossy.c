// EXPECT: bug
// PROPERTY: conversion
// FLAGS: --conversion-check --bound 2
// an int stored into an unsigned char: values outside 0..255 change
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = 0;
  if (x > 100)
    c = x;  // <-
  return c;
}
