// EXPECT: bug
// FLAGS: --reach
// Reach mode: the end of main is reachable when the counter's two steps give 2.
var ok: bool;
var cnt: int;
var unused: int;
procedure step() modifies cnt, unused; { cnt := cnt + 1; unused := cnt; }
procedure {:entrypoint} main() modifies ok, cnt, unused; {
  ok := true;
  cnt := 0;
  call step();
  call step();
  if (cnt == 2) { ok := false; }
  assume !ok;
}
