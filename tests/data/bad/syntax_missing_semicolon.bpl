// ERROR: 4:1: expected ';' but found 'var'
var x: int;
var y: int
var z: int;
