// ERROR: 4:5: duplicate declaration of 'g'
var g: int;
const k: int;
var g: bool;
