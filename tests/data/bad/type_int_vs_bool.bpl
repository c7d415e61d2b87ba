// ERROR: 6:8: cannot assign a value of type int to 'b' of type bool
procedure P()
{
  var b: bool;
  var x: int;
  b := x + 1;
}
