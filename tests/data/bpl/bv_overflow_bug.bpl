// EXPECT: bug
function {:bvbuiltin "bvadd"} add8(x: bv8, y: bv8) returns (bv8);
function {:bvbuiltin "bvugt"} ugt8(x: bv8, y: bv8) returns (bool);
procedure {:entrypoint} main(x: bv8) {
  assert ugt8(add8(x, 1bv8), x);     // fails for x = 255
}
