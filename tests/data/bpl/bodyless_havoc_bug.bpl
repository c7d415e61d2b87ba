// EXPECT: bug
// The global a body-less procedure may modify is havocked: the caller cannot rely on it.
var g: int;
procedure touch();
  modifies g;
procedure {:entrypoint} main() modifies g; {
  g := 0;
  call touch();
  assert g == 0;
}
