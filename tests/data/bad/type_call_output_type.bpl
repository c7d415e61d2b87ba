// ERROR: 6:3: output 'b' of type bool receives a result of type int from 'Q'
procedure Q() returns (r: int);
procedure P()
{
  var b: bool;
  call b := Q();
}
