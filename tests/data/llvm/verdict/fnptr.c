// EXPECT: bug
// Calls through function pointers: a table of two functions of the same type and one of
// another type; only the selected target runs.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int twice(int x) { return 2 * x; }
static int plus1(int x) { return x + 1; }
static long other(long a, long b) { return a - b; }
int (*table[2])(int) = {twice, plus1};
int main(void) {
  long (*o)(long, long) = other;
  int k = __VERIFIER_nondet_int() & 1;
  int r = table[k](10);
  if (r != 20 && r != 11) return 0;     /* unreachable */
  if (o(5, 3) != 2) return 0;           /* unreachable */
  if (r == 11) reach_error();           /* reachable with k == 1 */
  return 0;
}
