/* A front-end in plain C that writes the options JSON it was created with to its output, so a test
 * sees exactly what the host passed (the --frontend-option settings among it). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "materunner_frontend.h"

struct instance { int fd; };

static void *create(const mr_frontend_host *host, const char *options, size_t length) {
    (void)host;
    struct instance *self = calloc(1, sizeof *self);
    char buffer[1024] = {0};
    size_t kept = length < sizeof buffer - 1 ? length : sizeof buffer - 1;
    memcpy(buffer, options, kept);
    const char *fd = strstr(buffer, "\"output_fd\":");
    self->fd = fd ? atoi(fd + strlen("\"output_fd\":")) : 1;
    if (write(self->fd, options, length) != (ssize_t)length || write(self->fd, "\n", 1) != 1) { free(self); return NULL; }
    return self;
}

static int32_t deliver(void *opaque, const char *frame, size_t length) { (void)opaque; (void)frame; (void)length; return 0; }

static void destroy(void *opaque) { free(opaque); }

static const mr_frontend_descriptor descriptor = {
    .abi_version = MR_FRONTEND_ABI_VERSION, .name = "echo-options", .version = "1.0.0",
    .create = create, .deliver = deliver, .destroy = destroy, .last_error = 0,
};

const mr_frontend_descriptor *materunner_frontend_entry(void) { return &descriptor; }
