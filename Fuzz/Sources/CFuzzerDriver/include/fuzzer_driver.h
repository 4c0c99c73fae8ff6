#ifndef MATERUNNER_FUZZER_DRIVER_H
#define MATERUNNER_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 11 and later): runs the fuzzing loop with `callback` as the target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
