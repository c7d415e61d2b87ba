// ERROR: 5:10: assert must be of type bool, not int
procedure P()
{
  var x: int;
  assert x + 1;
}
