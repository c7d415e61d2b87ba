// ERROR: 7:8: invalid argument types (bv8 and bv16) to binary operator +
procedure P()
{
  var a: bv8;
  var b: bv16;
  var c: bv16;
  c := a + b;
}
