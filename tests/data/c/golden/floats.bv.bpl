function {:builtin "(_ to_fp 8 24)"} $bits2fp.f32(x0: bv32) : float24e8;

function {:builtin "(_ to_fp 11 53)"} $bits2fp.f64(x0: bv64) : float53e11;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:builtin "(_ to_fp 8 24)"} $fp2fp.f64.f32(x0: rmode, x1: float53e11) : float24e8;

function {:builtin "fp.geq"} $geq.f32(x0: float24e8, x1: float24e8) : bool;

function {:builtin "fp.isNaN"} $isNaN.f32(x0: float24e8) : bool;

function {:builtin "fp.lt"} $lt.f32(x0: float24e8, x1: float24e8) : bool;

function {:builtin "fp.mul"} $mul.f64(x0: rmode, x1: float53e11, x2: float53e11) : float53e11;

function {:builtin "fp.roundToIntegral"} $roundToIntegral.f32(x0: rmode, x1: float24e8) : float24e8;

function {:builtin "(_ fp.to_sbv 32)"} $to_sbv.f32.bv32(x0: rmode, x1: float24e8) : bv32;

var $alloc: bv32;

var $M.f32: [bv32]bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "cell", 4096, 8} main() returns ($r: bv32)
  modifies $M.f32;
{
  var d: float53e11;
  var $nd1: float53e11;
  var $fbits2: bv32;
  var i: bv32;
  var $fi3: bv32;

  $entry:
    $M.f32[4096bv32] := 0bv32;
    $M.f32[4100bv32] := 0bv32;
    assume $bvugt.bv32($alloc, 4124bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/floats.c", 6, 10} {:nondet "double from __VERIFIER_nondet_double"} $nd1;
    d := {:cassign "d", "", $nd1} $nd1;
    havoc {:sourceloc "tests/data/c/golden/floats.c", 7, 3} $fbits2;
    assume $bits2fp.f32($fbits2) == $fp2fp.f64.f32(RNE, $mul.f64(RNE, d, $bits2fp.f64(4602678819172646912bv64)));
    $M.f32[4100bv32] := {:cassign "cell[1]", "", $fp2fp.f64.f32(RNE, $mul.f64(RNE, d, $bits2fp.f64(4602678819172646912bv64)))} $fbits2;
    havoc {:sourceloc "tests/data/c/golden/floats.c", 8, 7} $fi3;
    assume $geq.f32($roundToIntegral.f32(RTZ, $bits2fp.f32($M.f32[4100bv32])), $bits2fp.f32(3472883712bv32)) && $lt.f32($roundToIntegral.f32(RTZ, $bits2fp.f32($M.f32[4100bv32])), $bits2fp.f32(1325400064bv32)) ==> $fi3 == $to_sbv.f32.bv32(RTZ, $bits2fp.f32($M.f32[4100bv32]));
    i := {:cassign "i", "s32", $fi3} $fi3;
    goto $then4, $else5;

  $then4:
    assume {:sourceloc "tests/data/c/golden/floats.c", 9, 3} {:cbranch "if", "cell[1] < 1.0f && i != 0", "true"} $lt.f32($bits2fp.f32($M.f32[4100bv32]), $bits2fp.f32(1065353216bv32)) && i != 0bv32;
    assume {:sourceloc "tests/data/c/golden/floats.c", 9, 33} true;
    $r := 1bv32;
    return;

  $else5:
    assume {:cbranch "if", "cell[1] < 1.0f && i != 0", "false"} !($lt.f32($bits2fp.f32($M.f32[4100bv32]), $bits2fp.f32(1065353216bv32)) && i != 0bv32);
    goto $endif6;

  $endif6:
    assume {:sourceloc "tests/data/c/golden/floats.c", 10, 3} true;
    $r := 0bv32;
    return;
}
