// EXPECT: correct
// As sentinel_ptr.c, but every condition is one the sentinels never meet.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void *slot, *small;
int g;
int main(void) {
  slot = (void *)-1;
  small = (void *)5;
  void *s = __VERIFIER_nondet_int() ? slot : small;
  if (s == 0 || s == (void *)&g) reach_error();
  if (slot != (void *)-1 || (long)slot != -1L || (unsigned long)slot <= 5UL)
    reach_error();
  return 0;
}
