// EXPECT: correct
// Several refinement iterations: the proof needs the chain a -> b -> c through three
// procedures; each spurious trace adds part of it.
var a: int;
var b: int;
var c: int;
var d: int;
var e: int;
procedure p1() modifies a, d; { a := 1; d := 0; }
procedure p2() modifies b, e; { b := a + 1; e := d; }
procedure p3() modifies c; { c := b + 1; }
procedure {:entrypoint} main() modifies a, b, c, d, e; {
  call p1();
  call p2();
  call p3();
  assert c == 3;
  assert e == 0 || e != 0;
}
