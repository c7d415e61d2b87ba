// ERROR: 3:1: expected a declaration but found 'x'
var x: int;
x := 1;
