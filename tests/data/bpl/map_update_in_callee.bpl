// EXPECT: correct
var M: [int]int;
procedure put(a: int, v: int) modifies M; { M[a] := v; }
procedure {:entrypoint} main() modifies M; {
  call put(1, 10);
  call put(2, 20);
  assert M[1] == 10 && M[2] == 20;
  call put(1, 5);
  assert M[1] == 5 && M[2] == 20;
}
