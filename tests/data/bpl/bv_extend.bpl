// EXPECT: correct
// Both spellings of indexed SMT-LIB builtins: Boogie's "sign_extend 8" and "(_ zero_extend 8)".
function {:bvbuiltin "sign_extend 8"} sx(x: bv8) returns (bv16);
function {:bvbuiltin "(_ zero_extend 8)"} zx(x: bv8) returns (bv16);
function {:bvbuiltin "bvadd"} add8(x: bv8, y: bv8) returns (bv8);
procedure {:entrypoint} main() {
  assert sx(255bv8) == 65535bv16;
  assert zx(255bv8) == 255bv16;
  assert add8(255bv8, 1bv8) == 0bv8;
}
