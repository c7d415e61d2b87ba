// ERROR: 3:13: relational operators do not chain
var x: int;
axiom 0 < x < 10;
