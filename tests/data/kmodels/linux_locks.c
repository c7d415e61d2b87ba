// EXPECT: correct
// FLAGS: --bound 3
// Lock routines (their state is the typestate rules' business) with every result checked.
#include "linux_lite.h"

struct dev { spinlock_t lock; struct mutex io; int count; };
struct dev D;

int main(void) {
  unsigned long flags = 0;
  spin_lock_init(&D.lock);
  mutex_init(&D.io);
  spin_lock(&D.lock);
  D.count++;
  spin_unlock(&D.lock);
  spin_lock_irqsave(&D.lock, flags);
  D.count++;
  spin_unlock_irqrestore(&D.lock, flags);
  if (spin_trylock(&D.lock)) {
    D.count++;
    spin_unlock(&D.lock);
  }
  if (mutex_lock_interruptible(&D.io))
    return -EINTR;
  mutex_unlock(&D.io);
  if (mutex_trylock(&D.io))
    mutex_unlock(&D.io);
  mutex_lock(&D.io);
  mutex_unlock(&D.io);
  printk("count %d\n", D.count);
  BUG_ON(D.count < 2 || D.count > 3);
  return 0;
}
