/* Models of Windows kernel (WDM) routines, written in C, linked on use (frontend/models.py).

   When a program calls one of these functions without defining it, both front ends link the
   definition below (and the models it calls) into the program, as they do the C library
   models; the native replay links this file with weak definitions.  A program's own
   definition, or one in a --stubs file, wins.

   Prototypes use the C base types the DDK's typedefs stand for, so that a driver's own
   declarations fit under ILP32 and LP64: LONG/NTSTATUS/KPRIORITY = long, ULONG/SIZE_T/
   ULONG_PTR/KSPIN_LOCK = unsigned long, UCHAR/BOOLEAN/KIRQL = unsigned char, CCHAR/
   KPROCESSOR_MODE = char, enums = int, and `void *` for every kernel object a model does not
   look into (IRP, DEVICE_OBJECT, KEVENT, FAST_MUTEX, ...): a `void *` parameter accepts any
   object pointer.  No typedefs (the C front end reads the types in the program's scope).
   Every model is self-contained: none calls another modelled kernel routine, so a typestate
   rule on a routine sees exactly the program's own calls.

   What is modelled (frontend/c/README.md has the table):
   * the current IRQL, `__pycorral_irql`, starting at PASSIVE_LEVEL (0): raised and lowered
     by the spin lock, fast mutex and IRQL routines, read by KeGetCurrentIrql;
   * a KSPIN_LOCK (an unsigned long) holds 1 while acquired and 0 when released;
     acquiring never blocks (a held lock is waited for: the wait is not modelled);
   * pool allocation returns fresh memory or NULL: kernel pool allocation does fail, and
     drivers must check (this holds whatever --malloc-may-fail says);
   * Interlocked* have their sequential meaning (one processor), with two's complement
     wrap-around;
   * kernel objects (events, mutexes, IRPs, device objects) are opaque: waits, completions
     and calls into lower drivers have nondeterministic outcomes and no memory effect.
   Not modelled here (the sound default for functions without a body applies to them):
   routines that read or write IRP fields (IoGetCurrentIrpStackLocation,
   IoSkipCurrentIrpStackLocation, IoCopyCurrentIrpStackLocationToNext, IoMarkIrpPending,
   IoSetCompletionRoutine are macros over the IRP's layout in every DDK), routines that take
   callbacks (KeInitializeDpc, KeSynchronizeExecution, IoConnectInterrupt), string and
   registry routines that fill structures. */

void *malloc(__SIZE_TYPE__ size);
void *memset(void *dst, int c, __SIZE_TYPE__ n);
void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
void *memmove(void *dst, const void *src, __SIZE_TYPE__ n);
int __VERIFIER_nondet_int(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assume(int condition);

/* 8 bytes, as on Windows (LowPart and HighPart are 32-bit there, whatever `long` is) */
union _LARGE_INTEGER {
  struct {
    unsigned int LowPart;
    int HighPart;
  } u;
  long long QuadPart;
};

unsigned char __pycorral_irql;              /* the current IRQL; PASSIVE_LEVEL at the start */
unsigned char __pycorral_saved_irql;        /* IRQL before the outermost fast mutex */
int __pycorral_fast_mutex_depth;            /* fast mutexes held */
unsigned char __pycorral_queued_irql;       /* IRQL before the outermost queued spin lock */
int __pycorral_queued_depth;                /* in-stack queued spin locks held */
unsigned long __pycorral_cancel_lock;       /* the I/O manager's cancel spin lock */
long long __pycorral_performance_counter;   /* the last performance counter read */
char __pycorral_current_thread;             /* what KeGetCurrentThread points at */
char __pycorral_opaque_handle;              /* what opaque handles point at */

/* ------------------------------------------------------------------ pool allocation */

__attribute__((malloc)) void *ExAllocatePoolWithTag(int PoolType, unsigned long NumberOfBytes,
                                                    unsigned long Tag) {
  if (__VERIFIER_nondet_int())      /* the pool is exhausted: NULL */
    return 0;
  return malloc(NumberOfBytes);
}

__attribute__((malloc)) void *ExAllocatePool(int PoolType, unsigned long NumberOfBytes) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(NumberOfBytes);
}

__attribute__((malloc)) void *ExAllocatePoolWithQuotaTag(int PoolType,
                                                         unsigned long NumberOfBytes,
                                                         unsigned long Tag) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(NumberOfBytes);
}

__attribute__((malloc)) void *ExAllocatePoolWithTagPriority(int PoolType,
                                                            unsigned long NumberOfBytes,
                                                            unsigned long Tag, int Priority) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(NumberOfBytes);
}

__attribute__((malloc)) void *IoAllocateErrorLogEntry(void *IoObject, unsigned char EntrySize) {
  if (__VERIFIER_nondet_int())
    return 0;
  return malloc(EntrySize);
}

/* Freed memory is never reused (as `free` in the front ends). */
void ExFreePool(void *P) {
}

void ExFreePoolWithTag(void *P, unsigned long Tag) {
}

void IoWriteErrorLogEntry(void *ElEntry) {
}

/* ------------------------------------------------------------------ memory blocks */
/* In the DDK headers these are macros over memset/memcpy/memmove; a function form is
   modelled here, over the front ends' own memset/memcpy/memmove (RtlFillMemory is a loop:
   the LLVM front end's memset needs a constant byte). */

void RtlZeroMemory(void *Destination, unsigned long Length) {
  memset(Destination, 0, Length);
}

void RtlFillMemory(void *Destination, unsigned long Length, unsigned char Fill) {
  unsigned char *d = Destination;
  unsigned long i;
  for (i = 0; i < Length; i++)
    d[i] = Fill;
}

void RtlCopyMemory(void *Destination, const void *Source, unsigned long Length) {
  memcpy(Destination, Source, Length);
}

void RtlMoveMemory(void *Destination, const void *Source, unsigned long Length) {
  memmove(Destination, Source, Length);
}

/* the number of leading bytes that are equal */
unsigned long RtlCompareMemory(const void *Source1, const void *Source2, unsigned long Length) {
  const unsigned char *a = Source1;
  const unsigned char *b = Source2;
  unsigned long i = 0;
  while (i < Length && a[i] == b[i])
    i++;
  return i;
}

/* ------------------------------------------------------------------ IRQL */

unsigned char KeGetCurrentIrql(void) {
  return __pycorral_irql;
}

unsigned char KfRaiseIrql(unsigned char NewIrql) {
  unsigned char old = __pycorral_irql;
  __pycorral_irql = NewIrql;
  return old;
}

void KeRaiseIrql(unsigned char NewIrql, unsigned char *OldIrql) {
  *OldIrql = __pycorral_irql;
  __pycorral_irql = NewIrql;
}

unsigned char KeRaiseIrqlToDpcLevel(void) {
  unsigned char old = __pycorral_irql;
  __pycorral_irql = 2;              /* DISPATCH_LEVEL */
  return old;
}

void KfLowerIrql(unsigned char NewIrql) {
  __pycorral_irql = NewIrql;
}

void KeLowerIrql(unsigned char NewIrql) {
  __pycorral_irql = NewIrql;
}

/* ------------------------------------------------------------------ spin locks */

void KeInitializeSpinLock(unsigned long *SpinLock) {
  *SpinLock = 0;
}

/* KeAcquireSpinLock(L, &Old) is `*Old = KfAcquireSpinLock(L)` in the x86 DDK: both forms */
unsigned char KfAcquireSpinLock(unsigned long *SpinLock) {
  unsigned char old = __pycorral_irql;
  __pycorral_irql = 2;
  *SpinLock = 1;
  return old;
}

void KeAcquireSpinLock(unsigned long *SpinLock, unsigned char *OldIrql) {
  *OldIrql = __pycorral_irql;
  __pycorral_irql = 2;
  *SpinLock = 1;
}

unsigned char KeAcquireSpinLockRaiseToDpc(unsigned long *SpinLock) {
  unsigned char old = __pycorral_irql;
  __pycorral_irql = 2;
  *SpinLock = 1;
  return old;
}

void KfReleaseSpinLock(unsigned long *SpinLock, unsigned char NewIrql) {
  *SpinLock = 0;
  __pycorral_irql = NewIrql;
}

void KeReleaseSpinLock(unsigned long *SpinLock, unsigned char NewIrql) {
  *SpinLock = 0;
  __pycorral_irql = NewIrql;
}

void KeAcquireSpinLockAtDpcLevel(unsigned long *SpinLock) {
  *SpinLock = 1;
}

void KefAcquireSpinLockAtDpcLevel(unsigned long *SpinLock) {
  *SpinLock = 1;
}

void KeReleaseSpinLockFromDpcLevel(unsigned long *SpinLock) {
  *SpinLock = 0;
}

void KefReleaseSpinLockFromDpcLevel(unsigned long *SpinLock) {
  *SpinLock = 0;
}

unsigned char KeTryToAcquireSpinLockAtDpcLevel(unsigned long *SpinLock) {
  if (*SpinLock != 0)
    return 0;
  *SpinLock = 1;
  return 1;
}

/* In-stack queued spin locks: the lock handle's layout is the program's, so the IRQL to
   restore is kept here: every acquisition but the outermost happens at DISPATCH_LEVEL,
   so only the outermost one's previous IRQL needs remembering.  The lock word itself is
   not written (KeReleaseInStackQueuedSpinLock names only the handle). */
void KeAcquireInStackQueuedSpinLock(unsigned long *SpinLock, void *LockHandle) {
  if (__pycorral_queued_depth == 0)
    __pycorral_queued_irql = __pycorral_irql;
  __pycorral_queued_depth++;
  __pycorral_irql = 2;
}

void KeReleaseInStackQueuedSpinLock(void *LockHandle) {
  if (__pycorral_queued_depth > 0)
    __pycorral_queued_depth--;
  __pycorral_irql = __pycorral_queued_depth == 0 ? __pycorral_queued_irql : 2;
}

void KeAcquireInStackQueuedSpinLockAtDpcLevel(unsigned long *SpinLock, void *LockHandle) {
}

void KeReleaseInStackQueuedSpinLockFromDpcLevel(void *LockHandle) {
}

void IoAcquireCancelSpinLock(unsigned char *Irql) {
  *Irql = __pycorral_irql;
  __pycorral_irql = 2;
  __pycorral_cancel_lock = 1;
}

void IoReleaseCancelSpinLock(unsigned char Irql) {
  __pycorral_cancel_lock = 0;
  __pycorral_irql = Irql;
}

/* ------------------------------------------------------------------ fast mutexes */
/* Acquiring raises the IRQL to APC_LEVEL (1); releasing the outermost one restores it. */

void ExInitializeFastMutex(void *FastMutex) {
}

void ExAcquireFastMutex(void *FastMutex) {
  if (__pycorral_fast_mutex_depth == 0)
    __pycorral_saved_irql = __pycorral_irql;
  __pycorral_fast_mutex_depth++;
  __pycorral_irql = 1;
}

void ExReleaseFastMutex(void *FastMutex) {
  if (__pycorral_fast_mutex_depth > 0)
    __pycorral_fast_mutex_depth--;
  __pycorral_irql = __pycorral_fast_mutex_depth == 0 ? __pycorral_saved_irql : 1;
}

/* the mutex may be owned elsewhere: success is nondeterministic */
unsigned char ExTryToAcquireFastMutex(void *FastMutex) {
  if (__VERIFIER_nondet_int())
    return 0;
  if (__pycorral_fast_mutex_depth == 0)
    __pycorral_saved_irql = __pycorral_irql;
  __pycorral_fast_mutex_depth++;
  __pycorral_irql = 1;
  return 1;
}

void ExAcquireFastMutexUnsafe(void *FastMutex) {
}

void ExReleaseFastMutexUnsafe(void *FastMutex) {
}

/* ------------------------------------------------------------------ events, waits */

void KeInitializeEvent(void *Event, int Type, unsigned char State) {
}

/* the previous state of the event (nonzero: it was signaled) */
long KeSetEvent(void *Event, long Increment, unsigned char Wait) {
  return __VERIFIER_nondet_long();
}

void KeClearEvent(void *Event) {
}

long KeResetEvent(void *Event) {
  return __VERIFIER_nondet_long();
}

long KeReadStateEvent(void *Event) {
  return __VERIFIER_nondet_long();
}

void KeInitializeMutex(void *Mutex, unsigned long Level) {
}

long KeReleaseMutex(void *Mutex, unsigned char Wait) {
  return __VERIFIER_nondet_long();
}

/* STATUS_SUCCESS; with a timeout, STATUS_TIMEOUT (0x102) is possible; an alertable wait
   may end with STATUS_ALERTED (0x101) or STATUS_USER_APC (0xC0) */
long KeWaitForSingleObject(void *Object, int WaitReason, char WaitMode,
                           unsigned char Alertable, void *Timeout) {
  if (Timeout != 0 && __VERIFIER_nondet_int())
    return 0x102;
  if (Alertable && __VERIFIER_nondet_int())
    return __VERIFIER_nondet_int() ? 0x101 : 0xC0;
  return 0;
}

long KeDelayExecutionThread(char WaitMode, unsigned char Alertable, void *Interval) {
  if (Alertable && __VERIFIER_nondet_int())
    return __VERIFIER_nondet_int() ? 0x101 : 0xC0;
  return 0;
}

void KeStallExecutionProcessor(unsigned long MicroSeconds) {
}

/* ------------------------------------------------------------------ interlocked */
/* One processor: the sequential meaning; sums wrap around as the hardware's do. */

long InterlockedIncrement(long *Addend) {
  *Addend = (long)((unsigned long)*Addend + 1UL);
  return *Addend;
}

long InterlockedDecrement(long *Addend) {
  *Addend = (long)((unsigned long)*Addend - 1UL);
  return *Addend;
}

long InterlockedExchange(long *Target, long Value) {
  long old = *Target;
  *Target = Value;
  return old;
}

long InterlockedExchangeAdd(long *Addend, long Value) {
  long old = *Addend;
  *Addend = (long)((unsigned long)old + (unsigned long)Value);
  return old;
}

long InterlockedCompareExchange(long *Destination, long Exchange, long Comparand) {
  long old = *Destination;
  if (old == Comparand)
    *Destination = Exchange;
  return old;
}

long InterlockedOr(long *Destination, long Value) {
  long old = *Destination;
  *Destination = old | Value;
  return old;
}

long InterlockedAnd(long *Destination, long Value) {
  long old = *Destination;
  *Destination = old & Value;
  return old;
}

void *InterlockedExchangePointer(void **Target, void *Value) {
  void *old = *Target;
  *Target = Value;
  return old;
}

void *InterlockedCompareExchangePointer(void **Destination, void *Exchange, void *Comparand) {
  void *old = *Destination;
  if (old == Comparand)
    *Destination = Exchange;
  return old;
}

/* ------------------------------------------------------------------ IRPs and drivers */

/* Completion is recorded by no one here (a typestate rule checks it); functional only. */
void IofCompleteRequest(void *Irp, char PriorityBoost) {
}

void IoCompleteRequest(void *Irp, char PriorityBoost) {
}

/* the lower driver's status: any NTSTATUS (it may have completed the IRP) */
long IofCallDriver(void *DeviceObject, void *Irp) {
  return __VERIFIER_nondet_long();
}

long IoCallDriver(void *DeviceObject, void *Irp) {
  return __VERIFIER_nondet_long();
}

long PoCallDriver(void *DeviceObject, void *Irp) {
  return __VERIFIER_nondet_long();
}

void PoStartNextPowerIrp(void *Irp) {
}

long WmiCompleteRequest(void *DeviceObject, void *Irp, long Status, unsigned long BufferUsed,
                        char PriorityBoost) {
  return __VERIFIER_nondet_long();
}

long IoWMIRegistrationControl(void *DeviceObject, unsigned long Action) {
  return __VERIFIER_nondet_long();
}

/* remove locks: STATUS_SUCCESS, or STATUS_DELETE_PENDING when the device is going away */
void IoInitializeRemoveLockEx(void *Lock, unsigned long AllocateTag,
                              unsigned long MaxLockedMinutes, unsigned long HighWatermark,
                              unsigned long RemlockSize) {
}

long IoAcquireRemoveLockEx(void *RemoveLock, void *Tag, const char *File, unsigned long Line,
                           unsigned long RemlockSize) {
  return __VERIFIER_nondet_int() ? (long)0xC0000056UL : 0;
}

void IoReleaseRemoveLockEx(void *RemoveLock, void *Tag, unsigned long RemlockSize) {
}

void IoReleaseRemoveLockAndWaitEx(void *RemoveLock, void *Tag, unsigned long RemlockSize) {
}

void IoDisconnectInterrupt(void *InterruptObject) {
}

/* Releasing kernel objects: the object is gone (a later use is a use after free, which
   these models do not check); nothing the driver can still read changes. */
void IoDeleteDevice(void *DeviceObject) {
}

void IoDetachDevice(void *TargetDevice) {
}

long IoDeleteSymbolicLink(void *SymbolicLinkName) {
  return __VERIFIER_nondet_long();
}

void IoFreeIrp(void *Irp) {
}

void IoFreeMdl(void *Mdl) {
}

void ObDereferenceObject(void *Object) {
}

long IoOpenDeviceRegistryKey(void *DeviceObject, unsigned long DevInstKeyType,
                             unsigned long DesiredAccess, void **DevInstRegKey) {
  long status = __VERIFIER_nondet_long();
  if (status >= 0)                  /* NT_SUCCESS: a handle */
    *DevInstRegKey = &__pycorral_opaque_handle;
  return status;
}

long ZwClose(void *Handle) {
  return __VERIFIER_nondet_long();
}

long ZwSetValueKey(void *KeyHandle, void *ValueName, unsigned long TitleIndex,
                   unsigned long Type, void *Data, unsigned long DataSize) {
  return __VERIFIER_nondet_long();
}

long RtlWriteRegistryValue(unsigned long RelativeTo, const unsigned short *Path,
                           const unsigned short *ValueName, unsigned long ValueType,
                           void *ValueData, unsigned long ValueLength) {
  return __VERIFIER_nondet_long();
}

long RtlCompareUnicodeString(const void *String1, const void *String2,
                             unsigned char CaseInSensitive) {
  return __VERIFIER_nondet_long();
}

long IoReportResourceUsage(void *DriverClassName, void *DriverObject, void *DriverList,
                           unsigned long DriverListSize, void *DeviceObject, void *DeviceList,
                           unsigned long DeviceListSize, unsigned char OverrideConflict,
                           unsigned char *ConflictDetected) {
  *ConflictDetected = __VERIFIER_nondet_uchar() != 0;
  return __VERIFIER_nondet_long();
}

/* ------------------------------------------------------------------ time, threads, ports */

/* a counter that never goes back; the frequency is positive */
union _LARGE_INTEGER KeQueryPerformanceCounter(union _LARGE_INTEGER *PerformanceFrequency) {
  union _LARGE_INTEGER now;
  long long next = __VERIFIER_nondet_longlong();
  __VERIFIER_assume(next >= __pycorral_performance_counter);
  __pycorral_performance_counter = next;
  now.QuadPart = next;
  if (PerformanceFrequency != 0) {
    long long f = __VERIFIER_nondet_longlong();
    __VERIFIER_assume(f > 0);
    PerformanceFrequency->QuadPart = f;
  }
  return now;
}

void KeQuerySystemTime(union _LARGE_INTEGER *CurrentTime) {
  CurrentTime->QuadPart = __VERIFIER_nondet_longlong();
}

void KeQueryTickCount(union _LARGE_INTEGER *TickCount) {
  TickCount->QuadPart = __VERIFIER_nondet_longlong();
}

unsigned long KeQueryTimeIncrement(void) {
  unsigned long inc = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(inc > 0);
  return inc;
}

void *KeGetCurrentThread(void) {
  return &__pycorral_current_thread;
}

long KeSetPriorityThread(void *Thread, long Priority) {
  return __VERIFIER_nondet_long();
}

void *MmLockPagableDataSection(void *AddressWithinSection) {
  return &__pycorral_opaque_handle;
}

void MmUnlockPagableImageSection(void *ImageSectionHandle) {
}

/* probing may raise an exception (structured exception handling is not modelled) */
void MmProbeAndLockPages(void *MemoryDescriptorList, char AccessMode, int Operation) {
}

void MmUnlockPages(void *MemoryDescriptorList) {
}

/* hardware ports are not memory: a read is any value, a write changes nothing we see */
unsigned char READ_PORT_UCHAR(unsigned char *Port) {
  return __VERIFIER_nondet_uchar();
}

void WRITE_PORT_UCHAR(unsigned char *Port, unsigned char Value) {
}

/* ------------------------------------------------------------------ debugging */

unsigned long DbgPrint(const char *Format, ...) {
  return 0;
}

unsigned long DbgPrintEx(unsigned long ComponentId, unsigned long Level, const char *Format,
                         ...) {
  return 0;
}

void DbgBreakPoint(void) {
}
