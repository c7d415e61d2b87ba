// ERROR: 4:12: old(...) is allowed only in postconditions and procedure bodies
var g: int;
procedure P();
  requires old(g) == 0;
  ensures old(g) == g;
