// EXPECT: bug
// FLAGS: --bound 1
// Two calls in sequence are never disjoint: sharing one instance would force both calls
// to have the same input and output g, and lose the bug (g == 2 at the end).
var g: int;
procedure inc() modifies g; { g := g + 1; }
procedure main() modifies g; {
  g := 0;
  call inc();
  call inc();
  assert g != 2;
}
