// EXPECT: bug
// After the jump, setjmp returns the value longjmp passed (2), not 3.
procedure pycorral_setjmp(buf: int) returns (r: int);
procedure pycorral_longjmp(buf: int, v: int);
var g: int;
procedure fail(code: int) { call pycorral_longjmp(100, code); }
procedure parse(x: int) returns (y: int) { if (x < 0) { call fail(2); } y := x * 2; }
procedure main() {
  var x, r, v: int;
  r := 0;
  call r := pycorral_setjmp(100);
  if (r == 0) {
    call v := parse(x);
    assert x >= 0;
  } else {
    assert r == 3;
  }
}
