// EXPECT: bug
// FLAGS: --bound 1
// PLDI 2015 Fig. 6: two disjoint calls share foo's instance; the inputs and outputs of
// the shared instance are those of the call the execution takes.  The bug needs the else
// branch's argument (v2), not the then branch's.
procedure foo(a: int) returns (b: int) { b := a + 1; }
procedure main(v1: int, v2: int) returns (r: int) {
  var c: bool;
  assume v1 == 0;
  if (c) { call r := foo(v1); } else { call r := foo(v2); }
  assert r != 8;
}
