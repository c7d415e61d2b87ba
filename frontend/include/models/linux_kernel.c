/* Models of Linux kernel routines, written in C, linked on use (frontend/models.py).

   When a program calls one of these functions without defining it, both front ends link the
   definition below (and the models it calls) into the program; the native replay links this
   file with weak definitions.  A program's own definition, or one in a --stubs file, wins.

   Names: the ones that remain calls after preprocessing typical driver code, and the
   function forms a harness written without the kernel headers declares.  With the kernel's
   headers, kmalloc/kzalloc/kcalloc/kmalloc_array are inline functions over __kmalloc,
   spin_lock(l) and friends inline functions over _raw_spin_lock(&l->rlock) and friends,
   spin_lock_irqsave(l, f) a macro `f = _raw_spin_lock_irqsave(...)`, mutex_init a macro
   over __mutex_init, printk a macro over _printk in recent kernels: both spellings are
   modelled.  memcpy/memset are the front ends' own.

   Prototypes use C base types (size_t is the preprocessor's __SIZE_TYPE__, gfp_t is
   unsigned int) and `void *` for the kernel objects a model does not look into (spinlock_t,
   struct mutex): a `void *` parameter accepts any object pointer.  No typedefs (the C
   front end reads the types in the program's scope).  No model calls another modelled
   routine, so a typestate rule on a routine sees exactly the program's own calls.

   What is modelled:
   * allocation returns fresh memory or NULL (kernel allocation fails, and drivers must
     check; this holds whatever --malloc-may-fail says); the zeroing forms zero the block;
     kcalloc/kmalloc_array fail on a size that overflows;
   * locks are opaque: taking one never blocks (a held lock is waited for), and their state
     is the business of typestate rules (--rules); spin_trylock/mutex_trylock succeed or
     fail nondeterministically, mutex_lock_interruptible/killable may return -EINTR;
   * copy_from_user/copy_to_user copy all bytes, or fail part-way: they return the number of
     bytes NOT copied (0, or any count up to n); the bytes before it are copied, and
     copy_from_user zero-fills the rest of the destination, as the kernel does;
   * printk prints nothing. */

void *malloc(__SIZE_TYPE__ size);
void *calloc(__SIZE_TYPE__ count, __SIZE_TYPE__ size);
void *memset(void *dst, int c, __SIZE_TYPE__ n);
void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
int __VERIFIER_nondet_int(void);
unsigned long __VERIFIER_nondet_ulong(void);
void __VERIFIER_assume(int condition);

/* ------------------------------------------------------------------ allocation */

__attribute__((malloc)) void *kmalloc(__SIZE_TYPE__ size, unsigned int flags) {
  if (__VERIFIER_nondet_int())      /* out of memory: NULL */
    return 0;
  return malloc(size);
}

__attribute__((malloc)) void *__kmalloc(__SIZE_TYPE__ size, unsigned int flags) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(size);
}

__attribute__((malloc)) void *kzalloc(__SIZE_TYPE__ size, unsigned int flags) {
  void *p;
  if (__VERIFIER_nondet_int())
    return 0;
  p = calloc(1, size);
  __VERIFIER_assume(p != 0);        /* failing is the branch above */
  return p;
}

__attribute__((malloc)) void *kmalloc_array(__SIZE_TYPE__ n, __SIZE_TYPE__ size,
                                            unsigned int flags) {
  if (size != 0 && n > (__SIZE_TYPE__)-1 / size)
    return 0;
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(n * size);
}

__attribute__((malloc)) void *kcalloc(__SIZE_TYPE__ n, __SIZE_TYPE__ size,
                                      unsigned int flags) {
  void *p;
  if (size != 0 && n > (__SIZE_TYPE__)-1 / size)
    return 0;
  if (__VERIFIER_nondet_int())
    return 0;
  p = calloc(n, size);
  __VERIFIER_assume(p != 0);
  return p;
}

__attribute__((malloc)) void *vmalloc(unsigned long size) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(size);
}

__attribute__((malloc)) void *vzalloc(unsigned long size) {
  void *p;
  if (__VERIFIER_nondet_int())
    return 0;
  p = calloc(1, size);
  __VERIFIER_assume(p != 0);
  return p;
}

/* Freed memory is never reused (as `free` in the front ends). */
void kfree(const void *objp) {
}

void vfree(const void *addr) {
}

void kvfree(const void *addr) {
}

/* ------------------------------------------------------------------ spin locks */

void spin_lock_init(void *lock) {
}

void spin_lock(void *lock) {
}

void spin_unlock(void *lock) {
}

void spin_lock_bh(void *lock) {
}

void spin_unlock_bh(void *lock) {
}

void spin_lock_irq(void *lock) {
}

void spin_unlock_irq(void *lock) {
}

/* the function form of the macro spin_lock_irqsave(lock, flags) */
void spin_lock_irqsave(void *lock, unsigned long flags) {
}

void spin_unlock_irqrestore(void *lock, unsigned long flags) {
}

int spin_trylock(void *lock) {
  return __VERIFIER_nondet_int() != 0;
}

void _raw_spin_lock(void *lock) {
}

void _raw_spin_unlock(void *lock) {
}

void _raw_spin_lock_bh(void *lock) {
}

void _raw_spin_unlock_bh(void *lock) {
}

void _raw_spin_lock_irq(void *lock) {
}

void _raw_spin_unlock_irq(void *lock) {
}

/* the saved interrupt state: opaque */
unsigned long _raw_spin_lock_irqsave(void *lock) {
  return __VERIFIER_nondet_ulong();
}

void _raw_spin_unlock_irqrestore(void *lock, unsigned long flags) {
}

int _raw_spin_trylock(void *lock) {
  return __VERIFIER_nondet_int() != 0;
}

/* ------------------------------------------------------------------ mutexes */

void mutex_init(void *lock) {
}

void __mutex_init(void *lock, const char *name, void *key) {
}

void mutex_lock(void *lock) {
}

void mutex_lock_nested(void *lock, unsigned int subclass) {
}

void mutex_unlock(void *lock) {
}

int mutex_trylock(void *lock) {
  return __VERIFIER_nondet_int() != 0;
}

/* 0 (locked) or -EINTR (a signal arrived while waiting) */
int mutex_lock_interruptible(void *lock) {
  return __VERIFIER_nondet_int() ? -4 : 0;
}

int mutex_lock_killable(void *lock) {
  return __VERIFIER_nondet_int() ? -4 : 0;
}

/* ------------------------------------------------------------------ user memory */

unsigned long copy_from_user(void *to, const void *from, unsigned long n) {
  unsigned long left = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(left <= n);
  memcpy(to, from, n - left);
  memset((char *)to + (n - left), 0, left);
  return left;
}

unsigned long copy_to_user(void *to, const void *from, unsigned long n) {
  unsigned long left = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(left <= n);
  memcpy(to, from, n - left);
  return left;
}

unsigned long _copy_from_user(void *to, const void *from, unsigned long n) {
  unsigned long left = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(left <= n);
  memcpy(to, from, n - left);
  memset((char *)to + (n - left), 0, left);
  return left;
}

unsigned long _copy_to_user(void *to, const void *from, unsigned long n) {
  unsigned long left = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(left <= n);
  memcpy(to, from, n - left);
  return left;
}

/* ------------------------------------------------------------------ messages */

int printk(const char *fmt, ...) {
  return 0;
}

int _printk(const char *fmt, ...) {
  return 0;
}
