// ERROR: 5:14: cannot mix '&&' and '||' without parentheses
var a: bool;
var b: bool;
var c: bool;
axiom a && b || c;
