/* The thread types of pycorral's pthread.h (see ../pthread.h), also what the system's
   sys/types.h gets when it includes <bits/pthreadtypes.h>. */
#ifndef PYCORRAL_BITS_PTHREADTYPES_H
#define PYCORRAL_BITS_PTHREADTYPES_H
#define _BITS_PTHREADTYPES_COMMON_H 1
#define _BITS_PTHREADTYPES_H 1
typedef unsigned long pthread_t;
typedef struct { int type; } pthread_mutexattr_t;
/* lock: the owner's thread id, 0 when free; init: 1 once initialised; depth: a recursive
   mutex's count */
typedef struct { int lock; int init; pthread_mutexattr_t attr; int depth; } pthread_mutex_t;
typedef struct { int __pycorral_a; } pthread_condattr_t;
typedef struct { int cond; int init; } pthread_cond_t;
/* __pycorral_a: the detach state */
typedef struct { int __pycorral_a; } pthread_attr_t;
typedef int pthread_once_t;
typedef unsigned pthread_key_t;
#endif
