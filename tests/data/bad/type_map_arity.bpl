// ERROR: 6:8: map of type [int]int takes 1 index(es), 2 given
var m: [int]int;
procedure P()
{
  var x: int;
  x := m[1, 2];
}
