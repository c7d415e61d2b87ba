/* counter.c -- a small Windows driver of the kind pycorral checks: a dispatch table, IRPs,
 * a device extension guarded by a spin lock, and a dozen kernel routines that have no
 * body in this source (examples/wdm/ddk.h declares them).  main() below plays the I/O
 * manager, as the harness of the Static Driver Verifier does: it loads the driver, sends a
 * nondeterministic sequence of requests, then unloads it.
 *
 * The rule to check is not written in the code: it comes from a rule file.
 *
 *   ./run --frontend llvm --rules spinlock examples/wdm/counter.c   ->  bug: lock acquired twice
 *   ./run --frontend llvm --rules spinlock -DFIXED --bound 2 --strategy si examples/wdm/counter.c
 *                                                        ->  no violation within bound 2
 *
 * The planted bug: CounterWrite returns early on an oversized write without releasing the
 * device lock; the next request that takes the lock acquires it a second time (on a real
 * machine, a deadlock at DISPATCH_LEVEL).  Building with -DFIXED releases it.
 */
#include "ddk.h"

extern int __VERIFIER_nondet_int(void);

#define COUNTER_TAG   0x746e6f43          /* 'Cont' */
#define SLOTS         8
#define IOCTL_RESET   0x222000
#define IOCTL_QUERY   0x222004

typedef struct _COUNTER_EXTENSION {
  KSPIN_LOCK Lock;                 /* guards everything below */
  ULONG Used;                      /* bytes buffered */
  UCHAR *Buffer;                   /* SLOTS bytes from the pool */
  LONG Opens;                      /* open handles */
  HANDLE ParamKey;                 /* the device's registry key, while open */
  LONG Writes;                     /* writes accepted */
} COUNTER_EXTENSION, *PCOUNTER_EXTENSION;

static NTSTATUS Complete(PIRP Irp, NTSTATUS Status, ULONG_PTR Information) {
  Irp->IoStatus.Status = Status;
  Irp->IoStatus.Information = Information;
  IoCompleteRequest(Irp, IO_NO_INCREMENT);
  return Status;
}

NTSTATUS NTAPI CounterCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp) {
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)DeviceObject->DeviceExtension;
  PIO_STACK_LOCATION stack = IoGetCurrentIrpStackLocation(Irp);
  if (stack->MajorFunction == IRP_MJ_CREATE)
    InterlockedIncrement(&ext->Opens);
  return Complete(Irp, STATUS_SUCCESS, 0);
}

NTSTATUS NTAPI CounterWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp) {
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)DeviceObject->DeviceExtension;
  PIO_STACK_LOCATION stack = IoGetCurrentIrpStackLocation(Irp);
  ULONG length = stack->Parameters.Write.Length;
  KIRQL irql;

  KeAcquireSpinLock(&ext->Lock, &irql);
  if (length > SLOTS - ext->Used) {
#ifdef FIXED
    KeReleaseSpinLock(&ext->Lock, irql);
#endif
    return Complete(Irp, STATUS_BUFFER_OVERFLOW, 0);
  }
  RtlCopyMemory(ext->Buffer + ext->Used, Irp->SystemBuffer, length);
  ext->Used += length;
  InterlockedIncrement(&ext->Writes);
  KeReleaseSpinLock(&ext->Lock, irql);
  return Complete(Irp, STATUS_SUCCESS, length);
}

NTSTATUS NTAPI CounterRead(PDEVICE_OBJECT DeviceObject, PIRP Irp) {
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)DeviceObject->DeviceExtension;
  PIO_STACK_LOCATION stack = IoGetCurrentIrpStackLocation(Irp);
  ULONG length = stack->Parameters.Read.Length;
  KIRQL irql;

  KeAcquireSpinLock(&ext->Lock, &irql);
  if (length > ext->Used)
    length = ext->Used;
  RtlCopyMemory(Irp->SystemBuffer, ext->Buffer, length);
  ext->Used -= length;
  KeReleaseSpinLock(&ext->Lock, irql);
  return Complete(Irp, STATUS_SUCCESS, length);
}

NTSTATUS NTAPI CounterDeviceControl(PDEVICE_OBJECT DeviceObject, PIRP Irp) {
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)DeviceObject->DeviceExtension;
  PIO_STACK_LOCATION stack = IoGetCurrentIrpStackLocation(Irp);
  KIRQL irql;
  ULONG used;

  switch (stack->Parameters.DeviceIoControl.IoControlCode) {
  case IOCTL_RESET:
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Used = 0;
    KeReleaseSpinLock(&ext->Lock, irql);
    return Complete(Irp, STATUS_SUCCESS, 0);
  case IOCTL_QUERY:
    KeAcquireSpinLock(&ext->Lock, &irql);
    used = ext->Used;
    KeReleaseSpinLock(&ext->Lock, irql);
    return Complete(Irp, STATUS_SUCCESS, used);         /* the answer: Information */
  default:
    DbgPrint("counter: unknown control code %lx\n",
             stack->Parameters.DeviceIoControl.IoControlCode);
    return Complete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
  }
}

void NTAPI CounterUnload(PDRIVER_OBJECT DriverObject) {
  PDEVICE_OBJECT device = DriverObject->DeviceObject;
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)device->DeviceExtension;
  IoWMIRegistrationControl(device, WMIREG_ACTION_DEREGISTER);
  if (ext->ParamKey != 0)
    ZwClose(ext->ParamKey);
  ExFreePoolWithTag(ext->Buffer, COUNTER_TAG);
  IoDeleteDevice(device);
}

/* Called by the Plug and Play manager with the device object it created (and its
 * extension of sizeof(COUNTER_EXTENSION) bytes). */
NTSTATUS NTAPI CounterAddDevice(PDRIVER_OBJECT DriverObject, PDEVICE_OBJECT device) {
  PCOUNTER_EXTENSION ext = (PCOUNTER_EXTENSION)device->DeviceExtension;
  ULONG got;

  KeInitializeSpinLock(&ext->Lock);
  ext->Used = 0;
  ext->Opens = 0;
  ext->ParamKey = 0;
  if (NT_SUCCESS(IoOpenDeviceRegistryKey(device, PLUGPLAY_REGKEY_DEVICE, KEY_READ,
                                         &ext->ParamKey)))
    ZwQueryValueKey(ext->ParamKey, 0, 2, &got, sizeof got, &got);
  IoWMIRegistrationControl(device, WMIREG_ACTION_REGISTER);
  ext->Buffer = (UCHAR *)ExAllocatePoolWithTag(NonPagedPool, SLOTS, COUNTER_TAG);
  if (ext->Buffer == 0) {
    IoDeleteDevice(device);
    return STATUS_INSUFFICIENT_RESOURCES;
  }
  DriverObject->DeviceObject = device;
  return STATUS_SUCCESS;
}

NTSTATUS NTAPI DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath) {
  DbgPrint("counter: loading (%d)\n", RegistryPath->Length);
  DriverObject->MajorFunction[IRP_MJ_CREATE] = CounterCreateClose;
  DriverObject->MajorFunction[IRP_MJ_CLOSE] = CounterCreateClose;
  DriverObject->MajorFunction[IRP_MJ_READ] = CounterRead;
  DriverObject->MajorFunction[IRP_MJ_WRITE] = CounterWrite;
  DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = CounterDeviceControl;
  DriverObject->DriverUnload = CounterUnload;
  return STATUS_SUCCESS;
}

/* -- the I/O manager, as a verification harness --------------------------------------- */
static DRIVER_OBJECT driver;
static DEVICE_OBJECT device_object;
static COUNTER_EXTENSION extension;
static IO_STACK_LOCATION stack;
static IRP irp;
static UCHAR user_buffer[16];

int main(void) {
  UNICODE_STRING path = {0, 0, 0};
  if (!NT_SUCCESS(DriverEntry(&driver, &path)))
    return 0;
  device_object.DeviceExtension = &extension;
  if (!NT_SUCCESS(CounterAddDevice(&driver, &device_object)))
    return 0;
  while (__VERIFIER_nondet_int()) {
    int major = __VERIFIER_nondet_int();
    PDRIVER_DISPATCH dispatch;
    if (major < 0 || major > IRP_MJ_MAXIMUM_FUNCTION)
      continue;
    dispatch = driver.MajorFunction[major];
    if (dispatch == 0)
      continue;
    stack.MajorFunction = (UCHAR)major;
    stack.Parameters.Write.Length = (ULONG)__VERIFIER_nondet_int() % sizeof user_buffer;
    stack.Parameters.DeviceIoControl.IoControlCode = (ULONG)__VERIFIER_nondet_int();
    irp.CurrentLocation = &stack;
    irp.SystemBuffer = user_buffer;
    dispatch(driver.DeviceObject, &irp);
  }
  driver.DriverUnload(&driver);
  return 0;
}
