// SwiftPM links an executable's entry point as `<Module>_main`, so libFuzzer's own `main` is not used:
// the harness calls LLVMFuzzerRunDriver (declared in include/fuzzer_driver.h) from that entry point.
#include "fuzzer_driver.h"
