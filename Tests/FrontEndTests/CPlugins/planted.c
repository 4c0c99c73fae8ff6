/* A library planted where front-ends are looked for: its constructor runs as soon as it is dlopen()ed,
 * before any entry or ABI check, and appends a line to the file PLANTED_MARKER names (a string given
 * with -D when it is built). With -DPLANTED_ENTRY it also exports materunner_frontend_entry. */
#include <stdio.h>
#include "materunner_frontend.h"

__attribute__((constructor)) static void planted_constructor(void) {
    FILE *file = fopen(PLANTED_MARKER, "a");
    if (file == NULL) return;
    fputs("planted constructor ran\n", file);
    fclose(file);
}

#ifdef PLANTED_ENTRY
static void *create(const mr_frontend_host *host, const char *options, size_t length) {
    (void)host; (void)options; (void)length;
    return (void *)1;
}
static int32_t deliver(void *instance, const char *frame, size_t length) {
    (void)instance; (void)frame; (void)length;
    return 0;
}
static void destroy(void *instance) { (void)instance; }

static const mr_frontend_descriptor descriptor = {
    .abi_version = MR_FRONTEND_ABI_VERSION, .name = "planted", .version = "6.6.6",
    .create = create, .deliver = deliver, .destroy = destroy, .last_error = 0,
};

const mr_frontend_descriptor *materunner_frontend_entry(void) { return &descriptor; }
#else
int planted_other_symbol(void) { return 7; }
#endif
