// EXPECT: bug
// FLAGS: --bound 1
// A is shared by main's two disjoint calls; inside A, its two calls of inc run in
// sequence and must stay two instances.
var g: int;
procedure inc() modifies g; { g := g + 1; }
procedure A() modifies g; { call inc(); call inc(); }
procedure main() modifies g; {
  var c: bool;
  g := 0;
  if (c) { call A(); } else { g := 5; call A(); }
  assert g != 7;
}
