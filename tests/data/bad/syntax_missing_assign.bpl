// ERROR: 5:5: expected ':=' but found '='
var x: int;
procedure main() modifies x;
{
  x = 1;
}
