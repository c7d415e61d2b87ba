// A function called in one argument writes a global the other argument reads or writes
// (directly or through the functions it calls): the result depends on the order.
// WARNING@25: 'set_x' in argument 2 of 'f' writes 'x', which argument 1 reads
// WARNING@26: 'inc' in argument 1 of 'f' writes 'counter', which argument 2 reads
// WARNING@27: 'inc' in argument 1 of 'f' writes 'counter', which argument 2 writes
// WARNING@28: 'outer' in argument 1 of 'f' writes 'x', which argument 2 reads
// WARNING@29: 'inc' in argument 2 of 'f' writes 'counter', which argument 1 writes
int x, counter;
int f(int a, int b) { return a - b; }
int set_x(void) { x = 5; return 1; }
int inc(void) { return ++counter; }
int get(void) { return counter; }
int outer(void) { return set_x() + 1; }
int pure(int v) { int x = v; x++; return x; }    /* its own x */
int shadow(void)
{
  int x = 1;                     /* a local x: set_x does not write it */
  return f(x, set_x());
}
int (*fp)(void) = inc;
int main(void)
{
  int r = 0;
  x = 0;
  r += f(x, set_x());
  r += f(inc(), get());
  r += f(inc(), inc());
  r += f(outer(), x);
  r += f(counter++, inc());
  r += f(get(), get());          /* reads only */
  r += f(pure(1), x);            /* writes its own local */
  r += f(fp(), counter);         /* through a pointer: unknown, quiet */
  r += shadow();
  return r;
}
