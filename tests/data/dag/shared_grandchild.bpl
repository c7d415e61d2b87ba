// EXPECT: bug
// FLAGS: --bound 1
// Different procedures on disjoint branches (A, B) call the same leaf: the leaf's
// instances share across parents of different procedures.  The bug is on B's path only.
var g: int;
procedure leaf(x: int) modifies g; { g := g + x; }
procedure A() modifies g; { call leaf(1); }
procedure B() modifies g; { call leaf(2); call leaf(3); }
procedure main() modifies g; {
  var c: bool;
  g := 0;
  if (c) { call A(); } else { call B(); }
  assert g != 5;
}
