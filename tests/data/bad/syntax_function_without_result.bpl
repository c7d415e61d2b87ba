// ERROR: 2:19: expected 'returns' or ':' but found ';'
function f(x: int);
