// ERROR: 6:3: cannot assign to in-parameter 'x'
procedure P(x: int) returns (r: int);
implementation P(x: int) returns (r: int)
{
  r := x;
  x := 1;
}
