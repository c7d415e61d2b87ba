// bench: a task pycorral proves for every bound (verdict correct = SV-COMP TRUE).
procedure {:entrypoint} main() {
  var x: int;
  assume x > 0;
  assert x + 1 > 1;
}
