// bench: the bug needs four loop instances; at bound 3 (the list gives --bound 3) the
// search finds nothing and must say "no bug within bound" (0 points, a missed bug).
procedure {:entrypoint} main() {
  var i: int;
  i := 0;
  while (i < 3) { i := i + 1; }
  assert i != 3;
}
