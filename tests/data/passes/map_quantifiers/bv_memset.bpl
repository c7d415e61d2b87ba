// Bit-vector order builtins (signed and unsigned), and a fact without a covering partner:
// its map keeps the self-reference `else M.ret[x]`.
function {:bvbuiltin "bvslt"} $slt(a: bv64, b: bv64) : bool;
function {:bvbuiltin "bvsle"} $sle(a: bv64, b: bv64) : bool;
function {:bvbuiltin "bvult"} $ult(a: bv64, b: bv64) : bool;
function {:bvbuiltin "bvuge"} $uge(a: bv64, b: bv64) : bool;
function {:bvbuiltin "bvadd"} $add(a: bv64, b: bv64) : bv64;

procedure memset(M: [bv64]bv8, dst: bv64, val: bv8, len: bv64) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume (forall x: bv64 :: $sle(dst, x) && $slt(x, $add(dst, len)) ==> M.ret[x] == val);
    assume (forall x: bv64 :: $slt(x, dst) ==> M.ret[x] == M[x]);
    assume (forall x: bv64 :: $sle($add(dst, len), x) ==> M.ret[x] == M[x]);
    return;
}

procedure memset_unsigned(M: [bv64]bv8, dst: bv64, val: bv8, len: bv64) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume (forall x: bv64 :: $ult(x, dst) || $uge(x, $add(dst, len)) ==> M.ret[x] == M[x]);
    assume (forall x: bv64 :: !($ult(x, dst) || $uge(x, $add(dst, len))) ==> M.ret[x] == val);
    return;
}

procedure half(M: [bv64]bv8, dst: bv64, val: bv8) returns (M.ret: [bv64]bv8)
{
  anon0:
    assume (forall x: bv64 :: $sle(dst, x) ==> M.ret[x] == val);
    return;
}
