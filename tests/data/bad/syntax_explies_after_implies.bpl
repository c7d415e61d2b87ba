// ERROR: 5:15: expected ';' but found '<=='
var a: bool;
var b: bool;
var c: bool;
axiom a ==> b <== c;
