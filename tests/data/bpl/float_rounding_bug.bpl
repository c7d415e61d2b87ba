// EXPECT: bug
// 0.1 + 0.2 is not 0.3 in double precision (rounded to nearest, ties to even).
function {:builtin "fp.add"} fadd(rm: rmode, a: float53e11, b: float53e11) returns (float53e11);
function {:builtin "fp.eq"} feq(a: float53e11, b: float53e11) returns (bool);
function {:builtin "(_ to_fp 11 53)"} bits2d(b: bv64) returns (float53e11);
procedure main() {
  var s: float53e11;
  s := fadd(RNE, bits2d(4591870180066957722bv64), bits2d(4596373779694328218bv64));
  assert feq(s, bits2d(4599075939470750515bv64));
}
