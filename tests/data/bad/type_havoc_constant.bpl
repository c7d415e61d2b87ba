// ERROR: 5:3: cannot assign to constant 'c'
const c: int;
procedure P()
{
  havoc c;
}
