// EXPECT: correct
// FLAGS: --reach
// Reach mode (no error flag): the bug is reaching the end of main; the first abstraction
// tracks nothing, so the path is spurious until ok is tracked.
var ok: bool;
var cnt: int;
procedure step() modifies cnt; { cnt := cnt + 1; }
procedure {:entrypoint} main() modifies ok, cnt; {
  ok := true;
  cnt := 0;
  call step();
  call step();
  assume !ok;
}
