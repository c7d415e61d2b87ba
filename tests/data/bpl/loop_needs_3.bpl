// EXPECT: bug
// FLAGS: --bound 4
// The assertion fails only after exactly three iterations. The loop runs as a
// tail-recursive procedure; the bound counts its instances on a call path (as Corral's
// /recursionBound does): three iterations plus the exit test are four instances.
procedure {:entrypoint} main() {
  var i: int;
  i := 0;
  while (i < 3) { i := i + 1; }
  assert i != 3;
}
