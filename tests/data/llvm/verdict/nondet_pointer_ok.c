// EXPECT: correct
// A nondeterministic pointer is one pointer: what is written through it reads back through
// its copies (kept in memory too), and it is the same value wherever it went.
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
extern int __VERIFIER_nondet_int(void);
struct box { int *ptr; int tag; };
int main(void) {
  struct box b;
  int *p = __VERIFIER_nondet_pointer();
  if (p == 0) return 0;
  b.ptr = p;
  b.tag = 1;
  *p = 5;
  int *q = b.ptr;
  if (*q != 5 || q != p) reach_error();
  return 0;
}
