// EXPECT: bug
// The frame that called setjmp has returned when longjmp names its buffer: undefined
// behaviour, checked in the entry (the jump finds no active frame).
procedure pycorral_setjmp(buf: int) returns (r: int);
procedure pycorral_longjmp(buf: int, v: int);
procedure init() { var r: int; call r := pycorral_setjmp(100); }
procedure main() {
  call init();
  call pycorral_longjmp(100, 1);
}
