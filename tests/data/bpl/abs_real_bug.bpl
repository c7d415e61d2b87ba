// EXPECT: bug
// A real bug through untracked globals: the abstract trace is feasible on the concrete
// program (concretization with all globals) only for the right nondeterministic input.
var a: int;
var b: int;
var noise: int;
procedure {:entrypoint} main() modifies a, b, noise; {
  var n: int;
  havoc {:nondet "int"} n;
  noise := n + 7;
  a := n;
  b := a + 1;
  assert b != 43;
}
