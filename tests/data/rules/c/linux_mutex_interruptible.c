// EXPECT: bug
// FLAGS: --rules linux_mutex --bound 2
// ENCODINGS: int bv
// VIOLATION: linux_mutex: mutex unlocked without being locked
// AT: 21:3
// mutex_lock_interruptible returns nonzero (-EINTR) without the mutex; the code ignores it.
struct mutex { int owner; };
int mutex_lock_interruptible(struct mutex *m) { extern int __VERIFIER_nondet_int(void);
                                                return __VERIFIER_nondet_int() ? -4 : 0; }
void mutex_unlock(struct mutex *m) { }

struct mutex dev_lock;
int open_count;

int dev_open(void) {
  int err = mutex_lock_interruptible(&dev_lock);
  if (err)
    open_count = -1;          /* bug: no return: the unlock below runs anyway */
  else
    open_count++;
  mutex_unlock(&dev_lock);
  return err;
}

int main(void) {
  return dev_open() ? 1 : 0;
}
