// EXPECT: bug
// A ring buffer of 4 slots; `put` lets the count reach 5 (the full test is off by one),
// so after five puts the fifth overwrites the oldest entry.  Needs 5 loop iterations.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

#define SLOTS 4
int slots[SLOTS];
int head, count;

int put(int v) {
  if (count > SLOTS)            /* BUG: should be count == SLOTS */
    return -1;
  slots[(head + count) % SLOTS] = v;
  count++;
  return 0;
}

int get(void) {
  int v = slots[head];
  head = (head + 1) % SLOTS;
  count--;
  return v;
}

int main(void) {
  while (__VERIFIER_nondet_int())
    put(__VERIFIER_nondet_int());
  assert(count <= SLOTS);
  return 0;
}
