// ERROR: 4:25: bitvector literal 256bv8 does not fit in 8 bits
var b: bv8;

axiom b != 1bv8 && b != 256bv8;
