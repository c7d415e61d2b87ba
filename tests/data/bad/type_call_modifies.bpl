// ERROR: 8:3: call to 'Q' modifies global variable 'g', which is not in the calling procedure's modifies clause
var g: int;
procedure Q();
  modifies g;

procedure P()
{
  call Q();
}
