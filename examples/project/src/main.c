#include <assert.h>
#include "queue.h"

extern int __VERIFIER_nondet_int(void);

int main(void)
{
  struct queue q;
  int v;
  queue_init(&q);
  queue_push(&q, 1);
  queue_push(&q, 2);
  int more = __VERIFIER_nondet_int();
  if (more > 0)
    queue_push(&q, more);
  assert(q.count <= QUEUE_CAPACITY);
  if (queue_pop(&q, &v) == 0)
    assert(v == 1);
  return 0;
}
