// EXPECT: correct
// A body-less procedure's ensures over a global is assumed at its calls; the abstraction
// drops it while the global is untracked (an over-approximation), refinement brings it back.
var s: int;
var t: int;
procedure lock();
  modifies s;
  ensures s == 1;
procedure {:entrypoint} main() modifies s, t; {
  t := 0;
  call lock();
  assert s == 1;
}
