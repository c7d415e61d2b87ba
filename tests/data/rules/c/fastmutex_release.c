// EXPECT: bug
// FLAGS: --rules fastmutex --bound 3
// ENCODINGS: int bv
// VIOLATION: fastmutex: fast mutex released without being held
// AT: 25:3
// A try-acquire that fails does not take the mutex; the code releases it anyway.
typedef struct { int count; } FAST_MUTEX;
unsigned char ExTryToAcquireFastMutex(FAST_MUTEX *m) {
  extern int __VERIFIER_nondet_int(void);
  return __VERIFIER_nondet_int() ? 1 : 0;
}
void ExAcquireFastMutex(FAST_MUTEX *m) { }
void ExReleaseFastMutex(FAST_MUTEX *m) { }

FAST_MUTEX config_mutex;
int config;

void update(int value) {
  if (!ExTryToAcquireFastMutex(&config_mutex)) {
    /* busy: try later (bug: falls through to the release) */
    value = config;
  } else {
    config = value;
  }
  ExReleaseFastMutex(&config_mutex);
}

int main(void) {
  ExAcquireFastMutex(&config_mutex);
  ExReleaseFastMutex(&config_mutex);
  update(7);
  return 0;
}
