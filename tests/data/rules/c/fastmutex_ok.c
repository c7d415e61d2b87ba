// EXPECT: correct
// FLAGS: --rules fastmutex --bound 3
// fastmutex_release.c fixed: only a successful try-acquire is followed by a release.
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
  if (!ExTryToAcquireFastMutex(&config_mutex))
    return;
  config = value;
  ExReleaseFastMutex(&config_mutex);
}

int main(void) {
  ExAcquireFastMutex(&config_mutex);
  ExReleaseFastMutex(&config_mutex);
  update(7);
  return 0;
}
