// EXPECT: correct
// IEEE comparison (fp.eq) against identity (==): NaN is not fp.eq to itself but == to any
// NaN; -0 and +0 are fp.eq but not ==; a rounding mode toward zero truncates.
function {:builtin "fp.eq"} feq(a: float24e8, b: float24e8) returns (bool);
function {:builtin "fp.isNaN"} isnan(a: float24e8) returns (bool);
function {:builtin "fp.isInfinite"} isinf(a: float24e8) returns (bool);
function {:builtin "fp.div"} fdiv(rm: rmode, a: float24e8, b: float24e8) returns (float24e8);
function {:builtin "fp.neg"} fneg(a: float24e8) returns (float24e8);
function {:builtin "(_ to_fp 8 24)"} bits2f(b: bv32) returns (float24e8);
function {:builtin "(_ to_fp 8 24)"} int2f(rm: rmode, b: bv32) returns (float24e8);
function {:builtin "(_ to_fp_unsigned 8 24)"} uint2f(rm: rmode, b: bv32) returns (float24e8);
function {:builtin "(_ fp.to_sbv 32)"} f2int(rm: rmode, a: float24e8) returns (bv32);
function {:builtin "(_ fp.to_ubv 8)"} f2u8(rm: rmode, a: float24e8) returns (bv8);
function {:builtin "(_ to_fp 11 53)"} f2d(rm: rmode, a: float24e8) returns (float53e11);
function {:builtin "(_ to_fp 8 24)"} d2f(rm: rmode, a: float53e11) returns (float24e8);
procedure main() {
  var zero, nzero, nan, inf, x: float24e8; var r: rmode;
  zero := bits2f(0bv32);
  nzero := fneg(zero);
  nan := fdiv(RNE, zero, zero);
  inf := fdiv(RNE, bits2f(1065353216bv32), zero);      // 1.0 / 0.0
  assert isnan(nan) && !feq(nan, nan) && nan == nan && nan == bits2f(2143289345bv32);
  assert feq(zero, nzero) && zero != nzero;
  assert isinf(inf) && !isinf(fneg(zero));
  x := int2f(RNE, 4294967289bv32);                      // -7
  assert f2int(RTZ, fdiv(RNE, x, int2f(RNE, 2bv32))) == 4294967293bv32;   // -3.5 -> -3
  assert f2int(RTN, fdiv(RNE, x, int2f(RNE, 2bv32))) == 4294967292bv32;   // -> -4
  assert feq(uint2f(RNE, 4294967295bv32), bits2f(1333788672bv32));       // 4294967296.0f
  assert f2u8(RNE, bits2f(1128792064bv32)) == 200bv8;                       // 200.0f
  havoc r;
  assert feq(d2f(r, f2d(RNE, x)), x);                   // float -> double -> float is exact
}
