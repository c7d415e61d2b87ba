// EXPECT: bounded
// FLAGS: --bound 3
// No bug within the bound (the counter only reaches 100 after 100 calls); the abstraction
// keeps the bound's meaning, so the verdict stays "no bug within bound", never "correct".
var n: int;
var m: int;
procedure rec() modifies n, m; {
  n := n + 1;
  m := m + 2;
  if (n < 100) { call rec(); }
}
procedure {:entrypoint} main() modifies n, m; {
  n := 0; m := 0;
  call rec();
  assert n != 100;
}
