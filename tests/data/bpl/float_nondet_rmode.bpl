// EXPECT: bug
// The rounding mode decides: 1 + 2^-24 (a tie in float) rounds up toward positive
// infinity and with ties away from zero (RNA), down with ties to even.
function {:builtin "fp.add"} fadd(rm: rmode, a: float24e8, b: float24e8) returns (float24e8);
function {:builtin "fp.eq"} feq(a: float24e8, b: float24e8) returns (bool);
function {:builtin "(_ to_fp 8 24)"} bits2f(b: bv32) returns (float24e8);
procedure main() {
  var r: rmode;
  havoc r;
  assume r != RTP;
  assert feq(fadd(r, bits2f(1065353216bv32), bits2f(864026624bv32)), bits2f(1065353216bv32));
}
