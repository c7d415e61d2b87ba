// EXPECT: correct
// Issue 37's example in Boogie: x in (0.5, 2.0) implies x * 2.0 > 1.0 in double precision.
function {:builtin "fp.mul"} fmul(rm: rmode, a: float53e11, b: float53e11) returns (float53e11);
function {:builtin "fp.gt"} fgt(a: float53e11, b: float53e11) returns (bool);
function {:builtin "fp.lt"} flt(a: float53e11, b: float53e11) returns (bool);
function {:builtin "(_ to_fp 11 53)"} bits2d(b: bv64) returns (float53e11);
procedure main() {
  var x: float53e11;
  havoc x;
  // 0.5 = 0x3FE0000000000000, 2.0 = 0x4000000000000000, 1.0 = 0x3FF0000000000000
  if (fgt(x, bits2d(4602678819172646912bv64)) && flt(x, bits2d(4611686018427387904bv64))) {
    assert fgt(fmul(RNE, x, bits2d(4611686018427387904bv64)), bits2d(4607182418800017408bv64));
  }
}
