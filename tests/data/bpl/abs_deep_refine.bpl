// EXPECT: bug
// FLAGS: --bound 10
// The first abstraction (g abstracted) finds a spurious trace through 5 recursive calls (g
// abstracted away, the assertion in the fifth call may fail); refinement tracks g, and the
// real bug needs 7 calls.  The second search need not deepen through the lower bounds
// again: the first searched them without a bug on a coarser abstraction
// (`CallTree.clean_bound`).
var g: int;
var h: int;
procedure rec(n: int) returns (r: int) modifies g, h; {
  g := g + 1;
  h := h + 2;
  if (n >= 5) { assert g == n; }
  if (*) { r := n; } else { call r := rec(n + 1); }
}
procedure {:entrypoint} main() modifies g, h; {
  var r: int;
  g := 0; h := 0;
  call r := rec(1);
  assert r < 7;
}
