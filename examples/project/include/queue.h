/* A bounded FIFO queue of ints (examples/project: a two-folder program for pycorral's
 * compiler-style input; see README.md there).
 *
 * Build configuration: QUEUE_CAPACITY (default 8) and QUEUE_FAST_PATH, which drops the
 * full check of queue_push -- the seeded bug, present only in the configuration the build
 * uses (compile_commands.json: -DQUEUE_CAPACITY=2 -DQUEUE_FAST_PATH).
 */
#ifndef QUEUE_H
#define QUEUE_H

#ifndef QUEUE_CAPACITY
#define QUEUE_CAPACITY 8
#endif

struct queue {
  int items[QUEUE_CAPACITY];
  int head;                 /* index of the oldest item */
  int count;                /* number of items, 0..QUEUE_CAPACITY */
};

void queue_init(struct queue *q);
int queue_push(struct queue *q, int v);     /* 0, or -1 when the queue is full */
int queue_pop(struct queue *q, int *out);   /* 0, or -1 when the queue is empty */

#endif
