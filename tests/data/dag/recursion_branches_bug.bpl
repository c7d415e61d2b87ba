// EXPECT: bug
// FLAGS: --bound 4
// A recursive procedure called from two disjoint branches at every level: instances of
// the same recursion depth share; the bound counts instances on the path as for tree
// inlining (the bug needs 4 instances of rec).
procedure rec(n: int) returns (r: int) {
  var c: bool;
  if (n <= 0) { r := 0; return; }
  if (c) { call r := rec(n - 1); r := r + 1; } else { call r := rec(n - 1); r := r + 1; }
}
procedure main() { var y: int; call y := rec(3); assert y != 3; }
