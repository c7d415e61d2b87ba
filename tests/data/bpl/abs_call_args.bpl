// EXPECT: correct
// Untracked globals as call arguments and as call outputs: the abstraction passes a havocked
// value / writes into a temporary; refinement tracks g and h.
var g: int;
var h: int;
var junk: int;
procedure inc(v: int) returns (r: int) { r := v + 1; }
procedure {:entrypoint} main() modifies g, h, junk; {
  g := 4;
  call h := inc(g);
  call junk := inc(junk);
  assert h == 5;
}
