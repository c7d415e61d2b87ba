/* POSIX threads for pycorral: the declarations are POSIX's; the functions are modelled in C
   by frontend/include/pycorral_pthread.c (linked on use by both front ends, like the C
   library models), on top of a few intrinsics the front ends turn into Corral's concurrent
   Boogie (`async call`, corral_atomic_begin/end, thread ids), which
   boogie/passes/sequentialize.py verifies under a context bound.  The object layouts follow
   SMACK's model (its tests read `m.lock`, `m.init` and `m.attr.type`).  This folder comes
   before the system headers in both front ends, so that this file and the types in
   bits/pthreadtypes.h replace the C library's (glibc's sys/types.h includes the latter). */
#ifndef PYCORRAL_PTHREAD_H
#define PYCORRAL_PTHREAD_H
#include "bits/pthreadtypes.h"
#define PTHREAD_MUTEX_INITIALIZER { 0, 1, { 0 }, 0 }
#define PTHREAD_COND_INITIALIZER { 0, 1 }
#define PTHREAD_ONCE_INIT 0
/* DEFAULT is a type of its own (POSIX: relocking it is undefined, a NORMAL one deadlocks);
   the static initialiser and a NULL attribute give it */
#define PTHREAD_MUTEX_DEFAULT 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_NORMAL 3
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
int pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
int pthread_join(pthread_t, void **);
int pthread_detach(pthread_t);
void pthread_exit(void *) __attribute__((__noreturn__));
pthread_t pthread_self(void);
int pthread_equal(pthread_t, pthread_t);
int pthread_once(pthread_once_t *, void (*)(void));
int pthread_attr_init(pthread_attr_t *);
int pthread_attr_destroy(pthread_attr_t *);
int pthread_attr_setdetachstate(pthread_attr_t *, int);
int pthread_attr_getdetachstate(const pthread_attr_t *, int *);
int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_trylock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_mutexattr_init(pthread_mutexattr_t *);
int pthread_mutexattr_destroy(pthread_mutexattr_t *);
int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *, int *);
int pthread_cond_init(pthread_cond_t *, const pthread_condattr_t *);
int pthread_cond_destroy(pthread_cond_t *);
int pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
int pthread_cond_signal(pthread_cond_t *);
int pthread_cond_broadcast(pthread_cond_t *);
int pthread_key_create(pthread_key_t *, void (*)(void *));
void *pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void *);
#endif
