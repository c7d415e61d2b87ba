/* A ring buffer of four slots -- the C quick start of README.md.
 *
 *   ./run examples/ringbuf.c      ->  bug found (after five puts), with a C trace,
 *                                     confirmed by running the program natively
 *
 * The bug: `put` tests for a full buffer with `count > SLOTS` instead of
 * `count == SLOTS`, so a fifth put overwrites the oldest value.  Finding it takes five
 * loop iterations: pycorral deepens its bound until it finds the bug, proves the program
 * correct, or runs out of its time budget (30 s; --timeout S).
 */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);   /* any int: the environment's choice */

#define SLOTS 4
int slots[SLOTS];
int head, count;

int put(int v) {
  if (count > SLOTS)              /* BUG: should be count == SLOTS */
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
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int())
      put(__VERIFIER_nondet_int());
    else if (count > 0)
      get();
  }
  assert(count <= SLOTS);         /* never more values than slots */
  return 0;
}

/* tests/test_cold_programs.py reads the line below (kept last: the line numbers stay) */
// EXPECT: bug
