// ERROR: 6:8: bitvector extract [9:0] out of bounds for bv8
procedure P()
{
  var a: bv8;
  var b: bv9;
  b := a[9:0];
}
