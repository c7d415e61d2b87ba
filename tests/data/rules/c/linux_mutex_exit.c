// EXPECT: bug
// FLAGS: --rules linux_mutex --bound 2
// VIOLATION: linux_mutex: mutex still locked at exit
// AT: 22:3
// The error path returns with the mutex locked.
struct mutex { int owner; };
void mutex_lock(struct mutex *m) { }
void mutex_unlock(struct mutex *m) { }
int __VERIFIER_nondet_int(void);

struct mutex dev_lock;

int dev_ioctl(int cmd) {
  mutex_lock(&dev_lock);
  if (cmd == 3)
    return -22;               /* bug: -EINVAL with dev_lock held */
  mutex_unlock(&dev_lock);
  return 0;
}

int main(void) {
  return dev_ioctl(__VERIFIER_nondet_int()) ? 1 : 0;
}
