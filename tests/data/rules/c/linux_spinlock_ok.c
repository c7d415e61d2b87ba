// EXPECT: correct
// FLAGS: --rules linux_spinlock --bound 2
// A try-lock that fails leaves the lock free; the code unlocks only after it succeeded.
typedef struct { int raw; } spinlock_t;
void spin_lock(spinlock_t *lock) { }
void spin_unlock(spinlock_t *lock) { }
int spin_trylock(spinlock_t *lock) { extern int __VERIFIER_nondet_int(void);
                                     return __VERIFIER_nondet_int() != 0; }

struct port { spinlock_t lock; int tx; };
struct port port0, port1;

int main(void) {
  spin_lock(&port0.lock);
  if (spin_trylock(&port1.lock)) {
    port1.tx = port0.tx;
    spin_unlock(&port1.lock);
  }
  spin_unlock(&port0.lock);
  return 0;
}
