// ERROR: 4:35: parameter 'y' of implementation 'P' has type bool, but the procedure declares int
procedure P(x: int) returns (r: int);

implementation P(x: int) returns (y: bool)
{
  y := true;
}
