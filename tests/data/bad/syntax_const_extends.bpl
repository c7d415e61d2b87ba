// ERROR: 3:14: 'extends' (constant partial orders) is not supported
const unique a: int;
const b: int extends a;
