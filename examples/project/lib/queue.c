#include <assert.h>
#include "queue.h"

void queue_init(struct queue *q)
{
  q->head = 0;
  q->count = 0;
}

int queue_push(struct queue *q, int v)
{
#ifndef QUEUE_FAST_PATH
  if (q->count == QUEUE_CAPACITY)
    return -1;
#endif
  q->items[(q->head + q->count) % QUEUE_CAPACITY] = v;
  q->count++;
  return 0;
}

int queue_pop(struct queue *q, int *out)
{
  if (q->count == 0)
    return -1;
  *out = q->items[q->head];
  q->head = (q->head + 1) % QUEUE_CAPACITY;
  q->count--;
  assert(q->count >= 0);
  return 0;
}
