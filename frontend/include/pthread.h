/* Threads are not modelled: any use of these is reported as unsupported. */
typedef unsigned long pthread_t;
typedef struct { int __pycorral_m; } pthread_mutex_t;
int pthread_create(pthread_t *, const void *, void *(*)(void *), void *);
int pthread_join(pthread_t, void **);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
