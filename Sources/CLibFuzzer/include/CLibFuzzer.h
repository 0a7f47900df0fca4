#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): the fuzzing loop over the command
// line's options and the callback. SwiftPM links an executable's `main` to the module's own, so
// the program calls it rather than relying on libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
