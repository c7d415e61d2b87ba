// EXPECT: bug
// FLAGS: --bound 1
// A and B run one after the other; each calls C from its own branches.  C's instances
// under A and under B are not disjoint (their call stacks diverge at main's two sequential
// calls): only C's instances within A (and within B) may share.
var g: int;
procedure C(d: int) modifies g; { g := g + d; }
procedure A() modifies g; { var c: bool; if (c) { call C(1); } else { call C(2); } }
procedure B() modifies g; { var c: bool; if (c) { call C(10); } else { call C(20); } }
procedure main() modifies g; {
  g := 0;
  call A();
  call B();
  assert g != 22;
}
