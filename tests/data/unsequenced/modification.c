// Unsequenced modification and access in one call's arguments (undefined behaviour, C11
// 6.5p2), as clang's -Wunsequenced; WARNING@line: what the warning says (one per call).
// WARNING@13: unsequenced modification and access to 'i' in the arguments of 'f'
// WARNING@14: multiple unsequenced modifications to 'i' in the arguments of 'f'
// WARNING@15: unsequenced modification and access to 'j' in the arguments of 'f'
// WARNING@17: unsequenced modification and access to 'i' in the arguments of 'f'
int f(int a, int b) { return a + b; }
struct S { int i; } s;
int main(void)
{
  int i = 0, j = 0, *p = &i;
  int r = 0;
  r += f(i++, i);
  r += f(i++, i++);
  r += f(j = 2, j);
  r += f(f(1, 2), i);             /* no effect on i: quiet */
  r += f(f(i++, 1), i);           /* the inner call's argument is still unsequenced */
  r += f(sizeof(i++), i);         /* sizeof does not evaluate */
  r += f(*p, i);                  /* reads only */
  r += f(s.i = 1, i);             /* a member, not the variable i */
  r += f(i++ && i, j);            /* sequenced inside one argument */
  r += f(i, i);
  return r;
}
