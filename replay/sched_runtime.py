"""The C runtime that makes a native run follow a thread schedule (replay/threads.py).

Role: C text appended to the replay harness (replay/harness.py) when a concurrent trace is
replayed, and the compiler flags the program is built with.  The program is compiled with
`-fsanitize=thread` (gcc; clang's `-Xclang -fsanitize=thread` where the driver refuses the
target) but linked *without* ThreadSanitizer's library: the runtime defines the
`__tsan_*` callbacks itself, so every access the compiler instruments (globals, the heap,
escaped locals; not registers) calls a hook first.  The thread API is renamed by macros
(`-Dpthread_create=__pycorral_sched_pthread_create`, ...) to wrappers here, and the
program's `main` to `__pycorral_sched_main`.

**One thread runs at a time** (a baton: `running`).  The schedule file (named by the
environment variable PYCORRAL_SCHEDULE, written by replay/threads.py) lists the events in
the order the threads ran them (replay/schedule.py), the call sites of the hooks with their
source lines, and each thread's nondet values.  A cursor walks the events.  At every hook a
thread first waits for its turn -- the thread of the event at the cursor; while it is not,
the baton goes to that thread -- then *aligns* what it is about to do with its own next
events: the first of them of the same kind at the same file and line (an access; a call
of the thread API; its start or end), not crossing a call of the API.  The events before
it are ones the native run does not make (the model's bookkeeping), consumed in turn; the
matched one is consumed, and the thread goes on until its next hook.  So a thread stops
exactly before its first instrumented action after the trace switches away from it.  An
action with no event (an access the model does not count as shared) only waits for the
thread's turn.  Inside an atomic section (`__VERIFIER_atomic_begin`, a call of an atomic
function) a thread never waits.

**Leaving the schedule** ends the run at once with exit code EXIT_LEFT and a line
`PYCORRAL-SCHED-LEFT <why> <thread> <event> <other>` (replay/threads.py says it in words):
the thread whose turn it is was not created or has ended; a thread skips an event the
native program could make (its line has a hook of that kind) where the trace switches
threads; a thread ends, or main returns, while it has events left; a mutex to lock is held
(the wrapper tries the lock: it never blocks); a thread to join has not ended; the program
creates a thread the trace does not.  The watchdog (`alarm`) ends a run stuck in the
program's own code with EXIT_STUCK.  When the program's check fails (the harness's error
hook), the runtime prints `PYCORRAL-SCHED-ERROR <thread> <cursor> <pending> <own>`:
<pending> is the first event of another thread still due before the failure, <own> the
first of the failing thread's own that the native run could have made and did not (-1:
none), so the failure followed the schedule only when both are -1.

The wrappers: pthread_create numbers the thread in creation order (the trace's numbering:
main is 1) and hands the program that number as its pthread_t, as the model does (join,
detach, self and equal map it back); a thread starts in a trampoline that waits for its
turn.  pthread_mutex_lock is a trylock.  pthread_cond_wait is unlock then lock (a spurious
wake-up, which POSIX allows and the model assumes); signal and broadcast do nothing.
Atomic builtins are done plainly (one thread runs at a time).
"""
from __future__ import annotations

from . import harness

ENV = "PYCORRAL_SCHEDULE"
EXIT_LEFT = 85
EXIT_STUCK = 84
LEFT = "PYCORRAL-SCHED-LEFT"
ERROR = "PYCORRAL-SCHED-ERROR"
STUCK = "PYCORRAL-SCHED-STUCK"
BROKEN = "PYCORRAL-SCHED-BROKEN"
MAIN = "__pycorral_sched_main"
PREFIX = "__pycorral_sched_"

# why a run left the schedule (the second field of a LEFT line)
NOT_CREATED, ENDED, SKIPPED, MUTEX_HELD, NOT_ENDED, ENDED_EARLY, EXTRA_THREAD, \
    CREATE_FAILED, MAIN_RETURNED, SPLIT = range(1, 11)

# event kinds and API codes of the schedule file
KIND_CODES = {"read": 1, "write": 2, "api": 3, "start": 4, "end": 5, "fail": 6,
              "update": 7}
API_CODES = {"pthread_create": 1, "pthread_join": 2, "pthread_mutex_lock": 3,
             "pthread_mutex_trylock": 4, "pthread_mutex_unlock": 5, "atomic": 6,
             "pthread_cond_wait": 7}

# the thread API functions the program's calls are renamed to wrappers of
WRAPPED = ("pthread_create", "pthread_join", "pthread_exit", "pthread_detach",
           "pthread_self", "pthread_equal", "pthread_mutex_lock", "pthread_mutex_trylock",
           "pthread_mutex_unlock", "pthread_cond_wait", "pthread_cond_timedwait",
           "pthread_cond_signal", "pthread_cond_broadcast")
# the C library's memory functions, which the front ends model inline (accesses at the
# call's line): wrapped, so that a native run makes them at a hook too
MEMORY = {"memcpy": "rw", "memmove": "rw", "memset": "write"}

# the hooks' callees, by the kind of native action they are (for the site table)
ACCESS_HOOKS = {
    **{f"__tsan_{rw}{n}": k for rw, k in (("read", "read"), ("write", "write"))
       for n in (1, 2, 4, 8, 16)},
    **{f"__tsan_unaligned_{rw}{n}": k for rw, k in (("read", "read"), ("write", "write"))
       for n in (2, 4, 8, 16)},
    **{f"__tsan_volatile_{rw}{n}": k for rw, k in (("read", "read"), ("write", "write"))
       for n in (1, 2, 4, 8, 16)},
    "__tsan_read_range": "read", "__tsan_write_range": "write",
    "__tsan_memcpy": "rw", "__tsan_memmove": "rw", "__tsan_memset": "write",
}
ATOMIC_OPS = ("load", "store", "exchange", "fetch_add", "fetch_sub", "fetch_and", "fetch_or",
              "fetch_xor", "fetch_nand", "compare_exchange_strong",
              "compare_exchange_weak", "compare_exchange_val")
for _n in (8, 16, 32, 64):
    for _op in ATOMIC_OPS:
        ACCESS_HOOKS[f"__tsan_atomic{_n}_{_op}"] = {"load": "read", "store": "write"}.get(
            _op, "rw")
ACCESS_HOOKS.update({f"{PREFIX}{n}": k for n, k in MEMORY.items()})
API_HOOKS = {f"{PREFIX}{n}": n for n in WRAPPED} | {"__VERIFIER_atomic_begin": "atomic"}


def program_flags() -> list[str]:
    """The macros every unit of the program is compiled with."""
    return [f"-D{n}={PREFIX}{n}" for n in (*WRAPPED, *MEMORY)] + [f"-Dmain={MAIN}"]


def runtime_source(nondet_names: list[str]) -> str:
    """The runtime's C text (to append to the harness); `nondet_names`: the
    `__VERIFIER_nondet_*` functions to define (weakly: a program's own definition wins)
    with per-thread values."""
    nondet = []
    for name in nondet_names:
        suffix = harness.nondet_suffix(name)
        ctype = harness.NONDET_TYPES[suffix]
        conv = "(%s)(uintptr_t)" % ctype if "*" in ctype else "(%s)" % ctype
        nondet.append(f"__attribute__((weak)) {ctype} {name}(void) "
                      f"{{ return {conv}__pycorral_sched_value(); }}\n")
    return _RUNTIME % {
        "env": ENV, "left": LEFT, "error": ERROR, "stuck": STUCK, "broken": BROKEN,
        "exit_left": EXIT_LEFT, "exit_stuck": EXIT_STUCK, "exhausted": harness.NOTE_EXHAUSTED,
        "main": MAIN, "p": PREFIX,
        **{f"k_{k}": v for k, v in KIND_CODES.items()},
        **{f"a_{k.replace('pthread_', '')}": v for k, v in API_CODES.items()},
        "why_not_created": NOT_CREATED, "why_ended": ENDED, "why_skipped": SKIPPED,
        "why_mutex": MUTEX_HELD, "why_not_ended": NOT_ENDED, "why_early": ENDED_EARLY,
        "why_extra": EXTRA_THREAD, "why_create": CREATE_FAILED,
        "why_main": MAIN_RETURNED, "why_split": SPLIT,
    } + "".join(nondet)


_RUNTIME = r"""
/* ---- pycorral's thread-schedule runtime (replay/sched_runtime.py) ---- */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <errno.h>

#define S_MAXT 64
#define S_READ 1
#define S_WRITE 2
#define S_RW 16        /* a read and a write (an atomic update, a copy) */
#define S_RANGE 32      /* a copy or fill: it may be several of the model's accesses */

struct s_event { int thread, kind, api, file, line, backed; };
struct s_site { unsigned long addr; int file, line, atomic_call; };

static pthread_mutex_t s_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t s_cv = PTHREAD_COND_INITIALIZER;
static int s_ready, s_loading, s_debug, s_nev, s_nsites, s_nthreads_model, s_timeout;
static struct s_event *s_ev;
static struct s_site *s_sites;
static int *s_tev[S_MAXT + 1], s_tcount[S_MAXT + 1], s_pos[S_MAXT + 1];
static unsigned long long *s_vals[S_MAXT + 1];
static int s_nvals[S_MAXT + 1], s_vpos[S_MAXT + 1];
static int s_cursor, s_running = 1, s_created[S_MAXT + 1], s_ended[S_MAXT + 1];
static int s_native_threads = 1;
static pthread_t s_ptid[S_MAXT + 1];
static __thread int s_me, s_atomic, s_depth;
static __thread unsigned char s_frames[4096];

/* stdio (unbuffered stderr), not write(2): a program may define its own `write` */
static void s_put(const char *s) { fputs(s, stderr); }
static void s_put_int(long v)
{
  char buf[24];
  int i = 23, neg = v < 0;
  unsigned long u = neg ? -(unsigned long)v : (unsigned long)v;
  buf[i] = 0;
  do { buf[--i] = '0' + u %% 10; u /= 10; } while (u);
  if (neg) buf[--i] = '-';
  s_put(buf + i);
}

static void s_fatal(const char *what)
{
  s_put("\n%(broken)s "); s_put(what); s_put("\n");
  _exit(%(exit_left)d);
}

static void s_left(int why, int thread, int event, int other)
{
  s_put("\n%(left)s "); s_put_int(why); s_put(" "); s_put_int(thread); s_put(" ");
  s_put_int(event); s_put(" "); s_put_int(other); s_put("\n");
  _exit(%(exit_left)d);
}

static void s_on_alarm(int sig)
{
  /* write(2): async-signal-safe, where stdio is not */
  char buf[96];
  int n = 0, k, vals[3];
  const char *tag = "\n%(stuck)s";
  vals[0] = s_cursor; vals[1] = s_running;
  vals[2] = s_cursor < s_nev ? s_ev[s_cursor].thread : 0;
  while (tag[n]) { buf[n] = tag[n]; n++; }
  for (k = 0; k < 3; k++) {
    char d[12];
    int m = 0, v = vals[k];
    buf[n++] = ' ';
    do { d[m++] = '0' + v %% 10; v /= 10; } while (v > 0 && m < 11);
    while (m) buf[n++] = d[--m];
  }
  buf[n++] = '\n';
  (void)write(2, buf, n);
  _exit(%(exit_stuck)d);
}

/* ---- the schedule file: whitespace-separated integers (hex for addresses) */
static char *s_text, *s_at;
static long s_num(int base)
{
  char *end;
  long v;
  while (*s_at == ' ' || *s_at == '\n' || *s_at == '\t') s_at++;
  if (!*s_at) s_fatal("the schedule file ends early");
  v = strtol(s_at, &end, base);
  if (end == s_at) s_fatal("the schedule file is malformed");
  s_at = end;
  return v;
}
static unsigned long long s_unum(void)
{
  char *end;
  unsigned long long v;
  while (*s_at == ' ' || *s_at == '\n') s_at++;
  v = strtoull(s_at, &end, 10);
  if (end == s_at) s_fatal("the schedule file is malformed");
  s_at = end;
  return v;
}

static void s_error_hook(void);

static void s_load(void)
{
  /* stdio, not read(2): a program may define a function named `read` */
  const char *path = getenv("%(env)s");
  FILE *f;
  int i, t;
  long size = 0, n;
  s_loading = 1;
  s_debug = getenv("PYCORRAL_SCHEDULE_DEBUG") != 0;
  if (!path) s_fatal("no schedule (PYCORRAL_SCHEDULE is not set)");
  f = fopen(path, "r");
  if (!f) s_fatal("cannot open the schedule file");
  s_text = malloc(1 << 22);
  while ((n = (long)fread(s_text + size, 1, (1 << 22) - 1 - size, f)) > 0) {
    size += n;
    if (size >= (1 << 22) - 1) s_fatal("the schedule file is too large");
  }
  s_text[size] = 0;
  fclose(f);
  s_at = s_text;
  s_timeout = (int)s_num(10);
  s_nthreads_model = (int)s_num(10);
  if (s_nthreads_model > S_MAXT) s_fatal("too many threads");
  s_nsites = (int)s_num(10);
  s_sites = calloc(s_nsites + 1, sizeof *s_sites);
  for (i = 0; i < s_nsites; i++) {
    s_sites[i].addr = (unsigned long)s_num(16);
    s_sites[i].file = (int)s_num(10);
    s_sites[i].line = (int)s_num(10);
    s_sites[i].atomic_call = (int)s_num(10);
  }
  s_nev = (int)s_num(10);
  s_ev = calloc(s_nev + 1, sizeof *s_ev);
  for (i = 0; i < s_nev; i++) {
    struct s_event *e = &s_ev[i];
    e->thread = (int)s_num(10); e->kind = (int)s_num(10); e->api = (int)s_num(10);
    e->file = (int)s_num(10); e->line = (int)s_num(10); e->backed = (int)s_num(10);
    if (e->thread < 1 || e->thread > s_nthreads_model) s_fatal("bad thread in an event");
    s_tcount[e->thread]++;
  }
  for (t = 1; t <= s_nthreads_model; t++) {
    s_tev[t] = calloc(s_tcount[t] + 1, sizeof(int));
    s_tcount[t] = 0;
  }
  for (i = 0; i < s_nev; i++) s_tev[s_ev[i].thread][s_tcount[s_ev[i].thread]++] = i;
  for (t = 1; t <= s_nthreads_model; t++) {
    int k;
    s_nvals[t] = (int)s_num(10);
    s_vals[t] = calloc(s_nvals[t] + 1, sizeof(unsigned long long));
    for (k = 0; k < s_nvals[t]; k++) s_vals[t][k] = s_unum();
  }
  s_created[1] = 1;
  __pycorral_error_hook = s_error_hook;
  if (s_timeout > 0) { signal(SIGALRM, s_on_alarm); alarm(s_timeout); }
  s_ready = 1;
  s_loading = 0;
}

static int s_self(void) { return s_me ? s_me : 1; }

/* the source line of a hook's call site (by its return address), or -1 */
static int s_site(unsigned long ret)
{
  int lo = 0, hi = s_nsites - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (s_sites[mid].addr == ret) return mid;
    if (s_sites[mid].addr < ret) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

/* Waits (holding s_mu) until the event at the cursor is the thread's. */
static void s_wait_turn(int t)
{
  for (;;) {
    int o;
    if (s_cursor >= s_nev) { s_running = t; return; }
    o = s_ev[s_cursor].thread;
    if (o == t) { s_running = t; return; }
    if (!s_created[o]) s_left(%(why_not_created)d, t, s_cursor, o);
    if (s_ended[o]) s_left(%(why_ended)d, t, s_cursor, o);
    s_running = o;
    pthread_cond_broadcast(&s_cv);
    while (s_running != t) pthread_cond_wait(&s_cv, &s_mu);
  }
}

static int s_boundary(int g, int t)
{
  return (g > 0 && s_ev[g - 1].thread != t) || (g + 1 < s_nev && s_ev[g + 1].thread != t);
}

/* Consumes the thread's events up to its j-th: the ones before its m-th are skipped (the
   native run does not make them), the m-th to the j-th are the action's, one step. */
static void s_consume_range(int t, int m, int j)
{
  int i;
  for (i = s_pos[t]; i <= j; i++) {
    int g = s_tev[t][i];
    if (i > m && s_ev[g - 1].thread != t)
      s_left(%(why_split)d, t, g, s_tev[t][m]);
    s_wait_turn(t);
    if (s_cursor != g) s_fatal("the cursor is not at the thread's event");
    if (i < m && s_ev[g].backed && s_boundary(g, t))
      s_left(%(why_skipped)d, t, g, s_tev[t][m]);
    s_cursor++;
  }
  s_pos[t] = j + 1;
}

static void s_consume(int t, int j) { s_consume_range(t, j, j); }

static int s_compatible(int kind, int ev_kind)
{
  if (ev_kind == %(k_update)d) return kind == S_RW || kind == S_READ || kind == S_WRITE;
  if (kind == S_RW) return ev_kind == %(k_read)d || ev_kind == %(k_write)d;
  if (kind == S_READ) return ev_kind == %(k_read)d;
  if (kind == S_WRITE) return ev_kind == %(k_write)d;
  return 0;
}

/* The thread's next event matching the action, or -1. */
static int s_find(int t, int kind, int api, int file, int line)
{
  int i;
  for (i = s_pos[t]; i < s_tcount[t]; i++) {
    struct s_event *e = &s_ev[s_tev[t][i]];
    if (kind == %(k_start)d || kind == %(k_end)d) {
      if (e->kind == kind) return i;
      continue;
    }
    if (kind == %(k_api)d) {
      if (e->kind == %(k_api)d && e->api == api && e->file == file && e->line == line)
        return i;
      continue;
    }
    if (e->kind == %(k_api)d || e->kind == %(k_start)d || e->kind == %(k_end)d) return -1;
    if (e->file == file && e->line == line && s_compatible(kind, e->kind)) return i;
  }
  return -1;
}

/* A native action of the running thread: wait for its turn, align, consume. */
static int s_step(int kind, int api, unsigned long ret)
{
  int t, j = -1, k, m, range = kind & S_RANGE;
  kind &= ~S_RANGE;
  if (s_loading) return -1;
  if (!s_ready) s_load();
  t = s_self();
  if (s_atomic > 0 && kind != %(k_end)d) return -1;
  pthread_mutex_lock(&s_mu);
  s_wait_turn(t);
  if (kind == %(k_start)d || kind == %(k_end)d) {
    j = s_find(t, kind, 0, 0, 0);
  } else if ((k = s_site(ret)) >= 0) {
    j = s_find(t, kind, api, s_sites[k].file, s_sites[k].line);
  }
  if (s_debug) {
    s_put("PYCORRAL-SCHED-STEP thread "); s_put_int(t); s_put(" kind "); s_put_int(kind);
    s_put(range ? " range" : ""); s_put(" api "); s_put_int(api); s_put(" line ");
    k = kind == %(k_start)d || kind == %(k_end)d ? -1 : s_site(ret);
    s_put_int(k >= 0 ? s_sites[k].line : -1); s_put(" match "); s_put_int(j >= 0 ? s_tev[t][j] : -1);
    s_put(" cursor "); s_put_int(s_cursor); s_put("\n");
  }
  if (j >= 0) {
    m = j;
    while (range && j + 1 < s_tcount[t]) {
      struct s_event *a = &s_ev[s_tev[t][j]], *b = &s_ev[s_tev[t][j + 1]];
      if (b->file != a->file || b->line != a->line || !s_compatible(kind, b->kind)) break;
      j++;
    }
    s_consume_range(t, m, j);
  }
  pthread_mutex_unlock(&s_mu);
  return j;
}

static void s_access(int kind, void *ret)
{
  if (s_atomic > 0) return;
  s_step(kind, 0, (unsigned long)ret);
}

/* The thread ends (`process`: main returns, which ends the process): its end event,
   then the baton goes on. */
static void s_end(int process)
{
  int t, j;
  if (s_loading) return;
  if (!s_ready) s_load();
  t = s_self();
  pthread_mutex_lock(&s_mu);
  s_wait_turn(t);
  j = s_find(t, %(k_end)d, 0, 0, 0);
  if (j < 0) {
    /* no end event: what is left must be events no native run makes */
    int i;
    for (i = s_pos[t]; i < s_tcount[t]; i++) {
      struct s_event *e = &s_ev[s_tev[t][i]];
      if (e->backed || e->kind == %(k_fail)d) s_left(%(why_early)d, t, s_tev[t][i], -1);
    }
    if (s_pos[t] < s_tcount[t]) s_consume(t, s_tcount[t] - 1);
  } else {
    s_consume(t, j);
  }
  s_ended[t] = 1;
  if (process && s_cursor < s_nev)
    s_left(%(why_main)d, t, s_cursor, -1);
  if (s_cursor < s_nev) {
    int o = s_ev[s_cursor].thread;
    if (o == t) s_left(%(why_early)d, t, s_cursor, -1);
    if (!s_created[o]) s_left(%(why_not_created)d, t, s_cursor, o);
    if (s_ended[o]) s_left(%(why_ended)d, t, s_cursor, o);
    s_running = o;
    pthread_cond_broadcast(&s_cv);
  }
  pthread_mutex_unlock(&s_mu);
}

static void s_error_hook(void)
{
  int t = s_self(), g, pending = -1, own = -1;
  for (g = s_cursor; g < s_nev && s_ev[g].kind != %(k_fail)d; g++) {
    if (s_ev[g].thread != t && pending < 0) pending = g;
    if (s_ev[g].thread == t && s_ev[g].backed && own < 0) own = g;
  }
  s_put("\n%(error)s "); s_put_int(t); s_put(" "); s_put_int(s_cursor); s_put(" ");
  s_put_int(pending); s_put(" "); s_put_int(own); s_put("\n");
}

static unsigned long long __pycorral_sched_value(void)
{
  int t;
  static int noted;
  if (s_loading) return 0ULL;
  if (!s_ready) s_load();
  t = s_self();
  if (s_vpos[t] < s_nvals[t]) return s_vals[t][s_vpos[t]++];
  if (!noted++) s_put("\n%(exhausted)s\n");
  return 0ULL;
}

/* ---- ThreadSanitizer's callbacks */
void __tsan_init(void) { }
void __tsan_func_entry(void *pc)
{
  int k, atomic = 0;
  if (s_ready && (k = s_site((unsigned long)pc)) >= 0 && s_sites[k].atomic_call) {
    if (s_atomic == 0) s_step(%(k_api)d, %(a_atomic)d, (unsigned long)pc);
    s_atomic++;
    atomic = 1;
  }
  if (s_depth < (int)sizeof s_frames) s_frames[s_depth] = atomic;
  s_depth++;
}
void __tsan_func_exit(void)
{
  if (s_depth > 0 && --s_depth < (int)sizeof s_frames && s_frames[s_depth]) s_atomic--;
}
#define S_RW_HOOKS(n) \
  void __tsan_read##n(void *a) { s_access(S_READ, __builtin_return_address(0)); } \
  void __tsan_write##n(void *a) { s_access(S_WRITE, __builtin_return_address(0)); } \
  void __tsan_volatile_read##n(void *a) { s_access(S_READ, __builtin_return_address(0)); } \
  void __tsan_volatile_write##n(void *a) { s_access(S_WRITE, __builtin_return_address(0)); }
#define S_UNALIGNED(n) \
  void __tsan_unaligned_read##n(void *a) { s_access(S_READ, __builtin_return_address(0)); } \
  void __tsan_unaligned_write##n(void *a) { s_access(S_WRITE, __builtin_return_address(0)); }
S_RW_HOOKS(1) S_RW_HOOKS(2) S_RW_HOOKS(4) S_RW_HOOKS(8) S_RW_HOOKS(16)
S_UNALIGNED(2) S_UNALIGNED(4) S_UNALIGNED(8) S_UNALIGNED(16)
void __tsan_read_range(void *a, unsigned long n)
{ s_access(S_READ | S_RANGE, __builtin_return_address(0)); }
void __tsan_write_range(void *a, unsigned long n)
{ s_access(S_WRITE | S_RANGE, __builtin_return_address(0)); }
void *__tsan_memcpy(void *d, const void *s, unsigned long n)
{
  s_access(S_RW | S_RANGE, __builtin_return_address(0));
  return memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, unsigned long n)
{
  s_access(S_RW | S_RANGE, __builtin_return_address(0));
  return memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, unsigned long n)
{
  s_access(S_WRITE | S_RANGE, __builtin_return_address(0));
  return memset(d, c, n);
}
void __tsan_atomic_thread_fence(int mo) { }
void __tsan_atomic_signal_fence(int mo) { }
/* one thread runs at a time: the atomic operations are plain ones */
#define S_ATOMICS(n, T) \
  T __tsan_atomic##n##_load(const volatile T *a, int mo) \
  { s_access(S_READ, __builtin_return_address(0)); return *a; } \
  void __tsan_atomic##n##_store(volatile T *a, T v, int mo) \
  { s_access(S_WRITE, __builtin_return_address(0)); *a = v; } \
  T __tsan_atomic##n##_exchange(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = v; return o; } \
  T __tsan_atomic##n##_fetch_add(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = o + v; return o; } \
  T __tsan_atomic##n##_fetch_sub(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = o - v; return o; } \
  T __tsan_atomic##n##_fetch_and(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = o & v; return o; } \
  T __tsan_atomic##n##_fetch_or(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = o | v; return o; } \
  T __tsan_atomic##n##_fetch_xor(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = o ^ v; return o; } \
  T __tsan_atomic##n##_fetch_nand(volatile T *a, T v, int mo) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; *a = ~(o & v); return o; } \
  int __tsan_atomic##n##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int f) \
  { s_access(S_RW | S_RANGE, __builtin_return_address(0)); \
    if (*a == *c) { *a = v; return 1; } *c = *a; return 0; } \
  int __tsan_atomic##n##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int f) \
  { s_access(S_RW | S_RANGE, __builtin_return_address(0)); \
    if (*a == *c) { *a = v; return 1; } *c = *a; return 0; } \
  T __tsan_atomic##n##_compare_exchange_val(volatile T *a, T c, T v, int mo, int f) \
  { T o; s_access(S_RW | S_RANGE, __builtin_return_address(0)); o = *a; if (o == c) *a = v; \
    return o; }
S_ATOMICS(8, unsigned char) S_ATOMICS(16, unsigned short) S_ATOMICS(32, unsigned int)
S_ATOMICS(64, unsigned long long)

/* the C library's memory functions (renamed by macros in the program; weak: a program
   that defines one has it renamed too, and its definition wins) */
__attribute__((weak)) void *%(p)smemcpy(void *d, const void *s, unsigned long n)
{
  s_access(S_RW | S_RANGE, __builtin_return_address(0));
  return memcpy(d, s, n);
}
__attribute__((weak)) void *%(p)smemmove(void *d, const void *s, unsigned long n)
{
  s_access(S_RW | S_RANGE, __builtin_return_address(0));
  return memmove(d, s, n);
}
__attribute__((weak)) void *%(p)smemset(void *d, int c, unsigned long n)
{
  s_access(S_WRITE | S_RANGE, __builtin_return_address(0));
  return memset(d, c, n);
}

/* ---- atomic sections (weak: a program's own definitions win) */
__attribute__((weak)) void __VERIFIER_atomic_begin(void)
{
  if (s_atomic == 0) s_step(%(k_api)d, %(a_atomic)d, (unsigned long)__builtin_return_address(0));
  s_atomic++;
}
__attribute__((weak)) void __VERIFIER_atomic_end(void) { if (s_atomic > 0) s_atomic--; }

/* ---- the thread API */
struct s_start { void *(*fn)(void *); void *arg; int id; };

static void *s_trampoline(void *p)
{
  struct s_start st = *(struct s_start *)p;
  void *r;
  free(p);
  s_me = st.id;
  s_step(%(k_start)d, 0, 0);
  r = st.fn(st.arg);
  s_end(0);
  return r;
}

static int s_id_of(pthread_t t)
{
  unsigned long v = (unsigned long)t;
  return v >= 1 && v <= (unsigned long)s_native_threads ? (int)v : 0;
}

int %(p)spthread_create(pthread_t *th, const pthread_attr_t *attr,
                        void *(*fn)(void *), void *arg)
{
  struct s_start *st;
  int id, r, j;
  j = s_step(%(k_api)d, %(a_create)d, (unsigned long)__builtin_return_address(0));
  pthread_mutex_lock(&s_mu);
  id = ++s_native_threads;
  if (id > s_nthreads_model || (j < 0 && s_atomic == 0))
    s_left(%(why_extra)d, s_self(), s_cursor, id);
  s_created[id] = 1;
  pthread_mutex_unlock(&s_mu);
  st = malloc(sizeof *st);
  st->fn = fn; st->arg = arg; st->id = id;
  r = pthread_create(&s_ptid[id], attr, s_trampoline, st);
  if (r != 0) s_left(%(why_create)d, s_self(), s_cursor, r);
  *th = (pthread_t)(unsigned long)id;
  return 0;
}

static void *s_main_result;

int %(p)spthread_join(pthread_t t, void **res)
{
  int id;
  s_step(%(k_api)d, %(a_join)d, (unsigned long)__builtin_return_address(0));
  id = s_id_of(t);
  if (id == s_self()) return EDEADLK;
  if (id < 1) return ESRCH;
  if (!s_ended[id]) s_left(%(why_not_ended)d, s_self(), s_cursor, id);
  if (id == 1) {              /* main, after its pthread_exit */
    if (res) *res = s_main_result;
    return 0;
  }
  return pthread_join(s_ptid[id], res);
}

void %(p)spthread_exit(void *r)
{
  if (s_self() == 1) s_main_result = r;
  s_end(0);
  pthread_exit(r);
}

int %(p)spthread_detach(pthread_t t) { return 0; }
pthread_t %(p)spthread_self(void) { return (pthread_t)(unsigned long)s_self(); }
int %(p)spthread_equal(pthread_t a, pthread_t b) { return a == b; }

int %(p)spthread_mutex_lock(pthread_mutex_t *m)
{
  int r;
  s_step(%(k_api)d, %(a_mutex_lock)d, (unsigned long)__builtin_return_address(0));
  r = pthread_mutex_trylock(m);
  if (r == EBUSY) s_left(%(why_mutex)d, s_self(), s_cursor, -1);
  return r;
}

int %(p)spthread_mutex_trylock(pthread_mutex_t *m)
{
  s_step(%(k_api)d, %(a_mutex_trylock)d, (unsigned long)__builtin_return_address(0));
  return pthread_mutex_trylock(m);
}

int %(p)spthread_mutex_unlock(pthread_mutex_t *m)
{
  s_step(%(k_api)d, %(a_mutex_unlock)d, (unsigned long)__builtin_return_address(0));
  return pthread_mutex_unlock(m);
}

int %(p)spthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
  unsigned long ret = (unsigned long)__builtin_return_address(0);
  int r;
  s_step(%(k_api)d, %(a_cond_wait)d, ret);
  s_step(%(k_api)d, %(a_mutex_unlock)d, ret);
  pthread_mutex_unlock(m);
  s_step(%(k_api)d, %(a_mutex_lock)d, ret);
  r = pthread_mutex_trylock(m);
  if (r == EBUSY) s_left(%(why_mutex)d, s_self(), s_cursor, -1);
  return r;
}

int %(p)spthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const void *abstime)
{
  return %(p)spthread_cond_wait(c, m);
}

int %(p)spthread_cond_signal(pthread_cond_t *c) { return 0; }
int %(p)spthread_cond_broadcast(pthread_cond_t *c) { return 0; }

/* ---- the program's main, in thread 1 */
int %(main)s();
int main(int argc, char **argv)
{
  int r;
  if (!s_ready) s_load();
  r = %(main)s(argc, argv);
  s_end(1);
  return r;
}
"""
