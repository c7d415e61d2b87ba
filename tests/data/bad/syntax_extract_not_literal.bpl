// ERROR: 4:19: bitvector extract bounds must be integer literals
var b: bv32;
var n: int;
axiom b[8:0] == b[n:0];
