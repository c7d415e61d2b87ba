// ERROR: 7:3: global variable 'h' is assigned but not in the procedure's modifies clause
var g: int;
var h: int;
procedure P()
  modifies g;
{
  h := 1;
  g := 1;
}
