// EXPECT: correct
// FLAGS: --data-model ILP32 --encoding bv
// (the int encoding of the whole-program byte map takes minutes to prove it: this is
// the program the per-class split is for)
// CLASSES: 3
// BYTE_LEVEL_CLASSES: 1
// A `void **` slot read as `unsigned long *` (SMACK's regression_525_stackalloc pun): the
// slot's class is byte level; the int array and the struct keep typed maps.
extern void reach_error(void);
struct pair { int a; int b; };
int main(void) {
  int arr[3] = {1, 2, 3};
  struct pair pr = {7, 8};
  void *slot[1];
  void **pp = slot;
  slot[0] = &pr;
  unsigned long *raw = (unsigned long *)pp;
  unsigned long v = *raw;
  struct pair *back = (struct pair *)(void *)v;
  arr[1] = back->b;
  if (arr[1] != 8 || arr[0] != 1)
    reach_error();
  return 0;
}
