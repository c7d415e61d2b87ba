// The entry block itself is the loop header; a loop in a separate implementation.
procedure main(x: int) returns (y: int);

implementation main(a: int) returns (b: int)
{
  head:
    b := a;
    goto head, done;
  done:
    return;
}
