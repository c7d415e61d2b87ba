// EXPECT: bug
// FLAGS: --rules linux_spinlock --bound 2
// VIOLATION: linux_spinlock: spinlock locked twice (deadlock)
// AT: 15:17
// A helper called with the lock held takes it again.
typedef struct { int raw; } spinlock_t;
unsigned long _raw_spin_lock_irqsave(spinlock_t *lock) { return 0; }
void _raw_spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags) { }
int __VERIFIER_nondet_int(void);

struct port { spinlock_t lock; int tx; int rx; };
struct port port0;

void port_kick(struct port *p) {
  unsigned long flags = _raw_spin_lock_irqsave(&p->lock);
  p->tx++;
  _raw_spin_unlock_irqrestore(&p->lock, flags);
}

int main(void) {
  unsigned long flags = _raw_spin_lock_irqsave(&port0.lock);
  port0.rx = __VERIFIER_nondet_int();
  if (port0.rx > 0)
    port_kick(&port0);       /* bug: port_kick takes port0.lock again */
  _raw_spin_unlock_irqrestore(&port0.lock, flags);
  return 0;
}
