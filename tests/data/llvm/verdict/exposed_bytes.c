// EXPECT: bug
// A pointer read back as an integer (through a union, no ptrtoint) and turned into a
// pointer again points where it did (exposed.py: the contents of a node accessed with
// an integer type are exposed).
extern void reach_error(void);
union cell { int *p; long i; };
int main(void) {
  int x = 0;
  union cell c;
  c.p = &x;
  long a = c.i;
  int *q = (int *)a;
  *q = 5;
  if (x == 5) reach_error();
  return 0;
}
