/* A few Linux kernel declarations in the function forms a harness written without the
   kernel's headers uses (pycorral's own test header): pycorral's models stand in for them
   (frontend/include/models/linux_kernel.c). */
#ifndef LINUX_LITE_H
#define LINUX_LITE_H

typedef __SIZE_TYPE__ size_t;
typedef unsigned int gfp_t;
typedef struct { int rlock; } spinlock_t;
struct mutex { long owner; int wait_lock; };

#define GFP_KERNEL 0xcc0U
#define NULL ((void *)0)
#define EFAULT 14
#define EINTR 4
#define ENOMEM 12
#define SIZE_MAX ((size_t)-1)

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *vzalloc(unsigned long size);
void kfree(const void *objp);
void vfree(const void *addr);

void spin_lock_init(spinlock_t *lock);
void spin_lock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
void spin_lock_irqsave(spinlock_t *lock, unsigned long flags);
void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
int spin_trylock(spinlock_t *lock);
void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
int mutex_lock_interruptible(struct mutex *lock);

unsigned long copy_from_user(void *to, const void *from, unsigned long n);
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
int printk(const char *fmt, ...);

extern void reach_error(void);
#define BUG_ON(e) do { if (e) reach_error(); } while (0)

#endif
