// EXPECT: correct
// FLAGS: --rules linux_mutex --bound 2
// linux_mutex_interruptible.c fixed: an interrupted lock returns at once.
struct mutex { int owner; };
int mutex_lock_interruptible(struct mutex *m) { extern int __VERIFIER_nondet_int(void);
                                                return __VERIFIER_nondet_int() ? -4 : 0; }
void mutex_unlock(struct mutex *m) { }

struct mutex dev_lock;
int open_count;

int dev_open(void) {
  int err = mutex_lock_interruptible(&dev_lock);
  if (err)
    return err;
  open_count++;
  mutex_unlock(&dev_lock);
  return 0;
}

int main(void) {
  return dev_open() ? 1 : 0;
}
