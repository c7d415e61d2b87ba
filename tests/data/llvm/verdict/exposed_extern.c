// EXPECT: possible-bug
// A pointer made of an integer a function without a body returned may point into any
// object that function was given (exposed.py: escaped objects are exposed): here x --
// a possible bug, resting on what where() returns.
extern void reach_error(void);
extern long where(int *p);
int main(void) {
  int x = 0;
  long a = where(&x);
  int *p = (int *)a;
  x = 0;                        /* (not what where() wrote) */
  *p = 5;
  if (x == 5) reach_error();
  return 0;
}
