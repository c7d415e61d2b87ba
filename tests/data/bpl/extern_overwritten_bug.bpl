// EXPECT: bug
// FLAGS: --bound 2
// The {:extern} result is overwritten before anything reads it, in a recursive callee
// whose inner call gets a clean value: the error does not depend on get.
procedure {:extern} get() returns (r: int);
procedure nondet() returns (r: int);
procedure down(n: int) returns (m: int) {
  var t: int;
  call t := get();
  t := n;
  if (n > 0) {
    call m := down(n - 1);
  } else {
    m := t;
  }
}
procedure {:entrypoint} main() {
  var k: int;
  var m: int;
  call k := nondet();
  assume k == 1;
  call m := down(k);
  assert m != 0;
}
