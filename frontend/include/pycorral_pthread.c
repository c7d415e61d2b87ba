/* POSIX threads, modelled in C for both front ends (a model library, frontend/models.py:
   linked only into a program that calls these functions).

   Design.  A thread is Corral's `async call` (boogie/passes/sequentialize.py runs it under
   a context bound); everything else is ordinary C over shared memory, so that the
   sequentialization's context switches before each access to shared memory explore the
   interleavings.  The front ends give meaning to five intrinsics (frontend/c/threads.py,
   frontend/llvm/threads.py), declared here and defined nowhere:
   - `__pycorral_async_next()`: the next call of the calling function is an `async call`
     (it starts a thread running that call); a plain call, so that both front ends --
     and the LLVM front end's points-to analysis -- see the callee and its arguments as
     they see any call;
   - `__pycorral_thread_id()`: Corral's id of the running thread (`corral_getThreadID`;
     the entry's thread is 1, never 0, also in a program that starts no thread:
     boogie/passes/single_thread.py);
   - `__VERIFIER_atomic_begin()` / `__VERIFIER_atomic_end()`: an atomic section
     (`corral_atomic_begin/end`), no context switch inside.

   Semantics: POSIX.1-2017 (The Open Group Base Specifications Issue 7), function by
   function; a misuse is checked (an assertion, `POSIX_RULE(ok, "rule")`, whose failing
   line names the rule in the trace and in the replay's message) only where POSIX makes it
   undefined behaviour; where POSIX makes it an error the function returns that error, and
   where POSIX makes it a deadlock the thread blocks (an `assume`: the schedule ends there,
   never a bug).
   - Threads: a pthread_t is a number handed out by pthread_create in creation order (the
     entry's thread is 1) and stored in `*thread` *before* the thread starts, so the new
     thread sees its own id there.  pthread_self() is that number (1 in the entry's
     thread).  pthread_join waits (an `assume`) until the thread's start routine has
     returned or it called pthread_exit, then stores its result; it returns EDEADLK for
     the calling thread itself and ESRCH for a number no thread has.  The entry's thread
     may be joined too (after it called pthread_exit).  Not checked: joining a thread that
     is not joinable (detached, created detached, joined already or being joined by
     another call) and detaching one that is not, undefined in POSIX (a join there waits
     for the thread and returns its result, as if it were joinable).  pthread_exit ends the calling thread with its result (in the entry's thread too: the
     other threads go on).  At most PYCORRAL_MAX_THREADS - 1 threads: a path creating more
     ends (`assume`; a bounded model).
   - Mutexes: `lock` holds the owner's thread id (0: free), `init` is 1 while initialised,
     `depth` counts a recursive mutex.  PTHREAD_MUTEX_INITIALIZER and pthread_mutex_init
     with a NULL attribute give the type PTHREAD_MUTEX_DEFAULT.  Using a mutex that is not
     initialised is undefined, except that an ERRORCHECK or RECURSIVE type read from it
     gives EINVAL (SMACK's tests rely on it).  Relocking a mutex the caller holds:
     DEFAULT undefined, NORMAL deadlock, ERRORCHECK EDEADLK, RECURSIVE counts.  Unlocking
     a mutex the caller does not hold: DEFAULT and NORMAL undefined, ERRORCHECK and
     RECURSIVE EPERM.  trylock returns EBUSY when the mutex is held (by the caller too,
     but for RECURSIVE, which counts).  Destroying a locked or uninitialised mutex is
     undefined.  The mutex operations are atomic: one context switch before each.
   - Condition variables may wake up spuriously (POSIX allows it): wait = unlock, then
     lock; signal and broadcast do nothing, so a program must re-check its condition in a
     loop, as POSIX asks.  Waiting on an uninitialised condition variable, or with a
     DEFAULT or NORMAL mutex the caller does not hold, is undefined; with an ERRORCHECK or
     RECURSIVE one it returns EPERM.
   - pthread_once runs its routine once; a concurrent call waits until it has returned.
   - Attributes: the detach state (PTHREAD_CREATE_JOINABLE / DETACHED, EINVAL for other
     values) is kept (and not used: see joins above); the mutex type (EINVAL for other
     values) is kept and used.
   Not modelled (still unsupported): thread-specific data (pthread_key_*), cancellation,
   robust and process-shared mutexes, timed waits, other thread attributes (accepted and
   ignored).  Error numbers are Linux's: EPERM 1, ESRCH 3, EBUSY 16, EINVAL 22,
   EDEADLK 35. */
#include "threads/pthread.h"

#define PYCORRAL_MAX_THREADS 64
/* A check of a rule POSIX states (see above): the failing line is the trace's last, and
   the replay's message quotes the rule. */
#define POSIX_RULE(ok, rule) __VERIFIER_assert(ok)

void __pycorral_async_next(void);
int __pycorral_thread_id(void);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);
void __VERIFIER_assume(int);
void __VERIFIER_assert(int);

/* the last pthread_t handed out (the entry's thread is 1) */
unsigned long __pycorral_thread_count = 1;

/* What the model keeps of a thread: by pthread_t, whether it has ended and its result; by
   Corral's thread id, that thread's pthread_t.  Every field is as wide as a pointer (`done`
   too, at ILP32 and LP64): a char among pointers would make the LLVM front end keep the
   whole table in a byte map (regions.py: cells of different sizes at the same residues),
   each read of a result eight byte reads -- a threaded program's cost grew several
   times. */
struct __pycorral_thread {
  unsigned long done;
  void *result;
  unsigned long self;
};
/* The table, allocated by the first pthread_create: a global array would be initialised
   cell by cell in the entry, each cell a shared access with a context switch before it.
   Nothing reads a cell before writing it (the `done` of pthread_t t is cleared by the
   pthread_create that hands out t).  The entry's thread (pthread_t 1) keeps its end in
   two globals of its own, read only by a join of it.  (Cells of the entry's thread in the
   table, or a joinable flag per thread, made a two-thread program's query several times
   slower in the LLVM front end: joining a detached or joined thread, undefined, is not
   checked.) */
struct __pycorral_thread *__pycorral_threads;
unsigned long __pycorral_main_done;
void *__pycorral_main_result;

void *malloc(__SIZE_TYPE__);

void __pycorral_thread_end(unsigned long self, void *result) {
  __VERIFIER_atomic_begin();
  if (self == 1) {
    __pycorral_main_result = result;
    __pycorral_main_done = 1;
  } else {
    __pycorral_threads[self].result = result;
    __pycorral_threads[self].done = 1;
  }
  __VERIFIER_atomic_end();
}

/* The body of every thread: its start routine, then its end. */
void __pycorral_thread_main(unsigned long self, void *(*start)(void *), void *arg) {
  int tid = __pycorral_thread_id();
  __VERIFIER_assume(tid > 1 && tid < PYCORRAL_MAX_THREADS);
  __pycorral_threads[tid].self = self;
  __pycorral_thread_end(self, start(arg));
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                   void *arg) {
  unsigned long self;
  __VERIFIER_atomic_begin();
  if (__pycorral_thread_count == 1) {
    __pycorral_threads = malloc(PYCORRAL_MAX_THREADS * sizeof(struct __pycorral_thread));
    __VERIFIER_assume(__pycorral_threads != 0);
  }
  self = __pycorral_thread_count + 1;
  __pycorral_thread_count = self;
  __VERIFIER_assume(self < PYCORRAL_MAX_THREADS);
  __pycorral_threads[self].done = 0;
  *thread = self;
  __VERIFIER_atomic_end();
  __pycorral_async_next();
  __pycorral_thread_main(self, start, arg);
  return 0;
}

pthread_t pthread_self(void) {
  int tid = __pycorral_thread_id();
  __VERIFIER_assume(tid > 0 && tid < PYCORRAL_MAX_THREADS);
  if (tid == 1)
    return 1;               /* the entry's thread */
  return __pycorral_threads[tid].self;
}

int pthread_equal(pthread_t t1, pthread_t t2) {
  return t1 == t2;
}

int pthread_join(pthread_t thread, void **result) {
  void *r;
  if (thread == pthread_self())
    return 35;              /* EDEADLK */
  __VERIFIER_atomic_begin();
  if (thread < 1 || thread > __pycorral_thread_count) {
    __VERIFIER_atomic_end();
    return 3;               /* ESRCH */
  }
  if (thread == 1) {        /* the entry's thread, after its pthread_exit */
    __VERIFIER_assume(__pycorral_main_done);
    r = __pycorral_main_result;
  } else {
    __VERIFIER_assume(__pycorral_threads[thread].done);   /* waits for the thread's end */
    r = __pycorral_threads[thread].result;
  }
  __VERIFIER_atomic_end();
  if (result)
    *result = r;
  return 0;
}

int pthread_detach(pthread_t thread) {
  if (thread < 1 || thread > __pycorral_thread_count)
    return 3;               /* ESRCH */
  return 0;
}

void pthread_exit(void *result) {
  __pycorral_thread_end(pthread_self(), result);
  __VERIFIER_assume(0);     /* the thread ends here (sequentialize.py: it stops) */
}

int pthread_attr_init(pthread_attr_t *attr) {
  attr->__pycorral_a = PTHREAD_CREATE_JOINABLE;
  return 0;
}

int pthread_attr_destroy(pthread_attr_t *attr) {
  return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t *attr, int state) {
  if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED)
    return 22;              /* EINVAL */
  attr->__pycorral_a = state;
  return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state) {
  *state = attr->__pycorral_a;
  return 0;
}

int pthread_mutexattr_init(pthread_mutexattr_t *attr) {
  attr->type = PTHREAD_MUTEX_DEFAULT;
  return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t *attr) {
  return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type) {
  if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
      type != PTHREAD_MUTEX_ERRORCHECK && type != PTHREAD_MUTEX_DEFAULT)
    return 22;              /* EINVAL */
  attr->type = type;
  return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type) {
  *type = attr->type;
  return 0;
}

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr) {
  m->lock = 0;
  m->init = 1;
  m->depth = 0;
  m->attr.type = attr ? attr->type : PTHREAD_MUTEX_DEFAULT;
  return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m) {
  __VERIFIER_atomic_begin();
  POSIX_RULE(m->init == 1, "pthread_mutex_destroy: the mutex must be initialised: undefined behaviour otherwise");
  POSIX_RULE(m->lock == 0, "pthread_mutex_destroy: destroying a locked mutex is undefined behaviour");
  m->init = 0;
  __VERIFIER_atomic_end();
  return 0;
}

/* Whether type is one that reports misuse (ERRORCHECK, RECURSIVE) instead of undefined
   behaviour (DEFAULT, NORMAL). */
static int __pycorral_checked_type(int type) {
  return type == PTHREAD_MUTEX_ERRORCHECK || type == PTHREAD_MUTEX_RECURSIVE;
}

/* The mutex operations are atomic: one context switch before each, none inside (the checks
   read the mutex in the same step as the test-and-set). */
int pthread_mutex_lock(pthread_mutex_t *m) {
  int tid = __pycorral_thread_id();
  int r = 0;
  int type;
  __VERIFIER_atomic_begin();
  type = m->attr.type;
  if (__pycorral_checked_type(type)) {
    if (m->init != 1)
      r = 22;               /* EINVAL */
    else if (m->lock == tid && type == PTHREAD_MUTEX_ERRORCHECK)
      r = 35;               /* EDEADLK */
    else if (m->lock == tid)
      r = -1;               /* taken again */
  } else {
    POSIX_RULE(m->init == 1, "pthread_mutex_lock: the mutex must be initialised: undefined behaviour otherwise");
    POSIX_RULE(type == PTHREAD_MUTEX_NORMAL || type == PTHREAD_MUTEX_DEFAULT, "pthread_mutex_lock: the mutex's type must be a mutex type");
    POSIX_RULE(m->lock != tid || type != PTHREAD_MUTEX_DEFAULT, "pthread_mutex_lock: relocking a PTHREAD_MUTEX_DEFAULT mutex the thread holds is undefined behaviour");
  }
  if (r == -1) {
    m->depth = m->depth + 1;
    r = 0;
  } else if (r == 0) {
    __VERIFIER_assume(m->lock == 0);    /* waits until the mutex is free (NORMAL relock: forever) */
    m->lock = tid;
    m->depth = 1;
  }
  __VERIFIER_atomic_end();
  return r;
}

int pthread_mutex_trylock(pthread_mutex_t *m) {
  int tid = __pycorral_thread_id();
  int r = 0;
  int type;
  __VERIFIER_atomic_begin();
  type = m->attr.type;
  if (__pycorral_checked_type(type)) {
    if (m->init != 1)
      r = 22;               /* EINVAL */
  } else {
    POSIX_RULE(m->init == 1, "pthread_mutex_trylock: the mutex must be initialised: undefined behaviour otherwise");
    POSIX_RULE(type == PTHREAD_MUTEX_NORMAL || type == PTHREAD_MUTEX_DEFAULT, "pthread_mutex_trylock: the mutex's type must be a mutex type");
  }
  if (r == 0) {
    if (m->lock == 0) {
      m->lock = tid;
      m->depth = 1;
    } else if (m->lock == tid && type == PTHREAD_MUTEX_RECURSIVE) {
      m->depth = m->depth + 1;
    } else {
      r = 16;               /* EBUSY */
    }
  }
  __VERIFIER_atomic_end();
  return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m) {
  int tid = __pycorral_thread_id();
  int r = 0;
  int type;
  __VERIFIER_atomic_begin();
  type = m->attr.type;
  if (__pycorral_checked_type(type)) {
    if (m->init != 1)
      r = 22;               /* EINVAL */
    else if (m->lock != tid)
      r = 1;                /* EPERM */
  } else {
    POSIX_RULE(m->init == 1, "pthread_mutex_unlock: the mutex must be initialised: undefined behaviour otherwise");
    POSIX_RULE(type == PTHREAD_MUTEX_NORMAL || type == PTHREAD_MUTEX_DEFAULT, "pthread_mutex_unlock: the mutex's type must be a mutex type");
    POSIX_RULE(m->lock == tid, "pthread_mutex_unlock: unlocking a mutex the thread does not hold is undefined behaviour (PTHREAD_MUTEX_NORMAL and DEFAULT)");
  }
  if (r == 0) {
    if (type == PTHREAD_MUTEX_RECURSIVE && m->depth > 1) {
      m->depth = m->depth - 1;
    } else {
      m->depth = 0;
      m->lock = 0;
    }
  }
  __VERIFIER_atomic_end();
  return r;
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr) {
  c->cond = 0;
  c->init = 1;
  return 0;
}

int pthread_cond_destroy(pthread_cond_t *c) {
  POSIX_RULE(c->init == 1, "pthread_cond_destroy: the condition variable must be initialised: undefined behaviour otherwise");
  c->init = 0;
  return 0;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  int type;
  __VERIFIER_atomic_begin();
  POSIX_RULE(c->init == 1, "pthread_cond_wait: the condition variable must be initialised: undefined behaviour otherwise");
  type = m->attr.type;
  if (__pycorral_checked_type(type) && m->lock != __pycorral_thread_id()) {
    __VERIFIER_atomic_end();
    return 1;               /* EPERM */
  }
  POSIX_RULE(m->lock == __pycorral_thread_id(), "pthread_cond_wait: the thread must hold the mutex: undefined behaviour otherwise");
  __VERIFIER_atomic_end();
  pthread_mutex_unlock(m);
  pthread_mutex_lock(m);    /* a wake-up may be spurious: the caller re-checks */
  return 0;
}

int pthread_cond_signal(pthread_cond_t *c) {
  return 0;
}

int pthread_cond_broadcast(pthread_cond_t *c) {
  return 0;
}

int pthread_once(pthread_once_t *once, void (*init)(void)) {
  int first;
  __VERIFIER_atomic_begin();
  first = *once == 0;
  if (first)
    *once = 1;
  __VERIFIER_atomic_end();
  if (first) {
    init();
    *once = 2;
  } else {
    __VERIFIER_assume(*once == 2);    /* another thread's call has finished */
  }
  return 0;
}
