/* A front-end in plain C that sends input events back through the host callback: a valid stop
 * event when it is created, then a malformed one, and reports what the host answered on each
 * frame it receives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "materunner_frontend.h"

struct instance { int fd; int32_t valid; int32_t malformed; int frames; };

static void *create(const mr_frontend_host *host, const char *options, size_t length) {
    struct instance *self = calloc(1, sizeof *self);
    char buffer[512] = {0};
    memcpy(buffer, options, length < sizeof buffer - 1 ? length : sizeof buffer - 1);
    const char *fd = strstr(buffer, "\"output_fd\":");
    self->fd = fd ? atoi(fd + strlen("\"output_fd\":")) : 1;
    const char *stop = "{\"type\":\"stop\"}";
    self->valid = host->send_input(host->context, stop, strlen(stop));
    const char *junk = "{\"type\":\"fly\"}";
    self->malformed = host->send_input(host->context, junk, strlen(junk));
    return self;
}

static int32_t deliver(void *opaque, const char *frame, size_t length) {
    struct instance *self = opaque;
    (void)frame;
    char line[128];
    int n = snprintf(line, sizeof line, "frame %d: %zu bytes, valid=%d malformed=%d\n",
                     ++self->frames, length, self->valid, self->malformed);
    return write(self->fd, line, (size_t)n) == n ? 0 : 1;
}

static void destroy(void *opaque) { free(opaque); }

static const mr_frontend_descriptor descriptor = {
    .abi_version = MR_FRONTEND_ABI_VERSION, .name = "echo-input", .version = "1.0.0",
    .create = create, .deliver = deliver, .destroy = destroy, .last_error = 0,
};

const mr_frontend_descriptor *materunner_frontend_entry(void) { return &descriptor; }
