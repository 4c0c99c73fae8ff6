/* A front-end built for an ABI version this host does not speak. */
#include "materunner_frontend.h"

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
    .abi_version = 999, .name = "future", .version = "9.9.9",
    .create = create, .deliver = deliver, .destroy = destroy, .last_error = 0,
};

const mr_frontend_descriptor *materunner_frontend_entry(void) { return &descriptor; }
