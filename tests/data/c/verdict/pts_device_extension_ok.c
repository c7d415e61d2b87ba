// EXPECT: correct
// CLASSES: 4
// BYTE_LEVEL_CLASSES: 1
// A driver's device extension reached through a PVOID slot (typed: its own class keeps
// typed maps), and a union read through members of different layouts in a class of its
// own (frontend/c/points_to.py: only that class is byte level).
extern void reach_error(void);
typedef void *PVOID;
typedef struct { int Count; int *Buffer; } EXT;
typedef struct { int Flags; PVOID DeviceExtension; } DEVICE_OBJECT;
typedef union { unsigned int Whole; unsigned char Bytes[4]; } SPLIT;
int storage[2];
EXT ext;
DEVICE_OBJECT dev;
int main(void) {
  SPLIT s;
  dev.DeviceExtension = &ext;
  EXT *e = (EXT *)dev.DeviceExtension;
  e->Count = 1;
  e->Buffer = storage;
  e->Buffer[1] = 5;
  s.Whole = 0x01020304u;
  if (s.Bytes[0] != 4 || ((EXT *)dev.DeviceExtension)->Count != 1 || storage[1] != 5)
    reach_error();
  return 0;
}
