// EXPECT: bug
// A call inside a code expression changes no state outside it; the variable abstraction
// must see the global its callee's contract reads (the code expression is desugared
// before abstraction: this was wrongly 'correct' while the z3 backend expanded the call).
var g: int;
procedure inc(k: int) returns (r: int);
  modifies g;
  ensures g == old(g) + k && r == old(g);
procedure {:entrypoint} main() modifies g; {
  g := 3;
  assume |{ var y: int; A: call y := inc(2); return y == 3 && g == 5; }|;
  assert |{ var y: int; A: call y := inc(2); return y == 4; }|;
}
