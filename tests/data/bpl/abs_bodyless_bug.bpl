// EXPECT: bug
// The body-less procedure may leave s at 0 or 1; the bug (s == 0) is real.
var s: int;
var t: int;
procedure maybe_lock();
  modifies s;
  ensures s == 0 || s == 1;
procedure {:entrypoint} main() modifies s, t; {
  t := 3;
  call maybe_lock();
  assert s == 1;
}
