#define _GNU_SOURCE
#include "materunner_udp_batch.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

int materunner_udp_send_batch(
    int fd,
    const uint8_t *payload,
    const size_t *offsets,
    const size_t *lengths,
    const uint8_t *addresses,
    const uint32_t *address_lengths,
    size_t address_stride,
    unsigned int count
) {
    if (count == 0 || count > MATERUNNER_UDP_BATCH_MAX) {
        errno = EINVAL;
        return -1;
    }
#if defined(__linux__)
    struct iovec vectors[MATERUNNER_UDP_BATCH_MAX];
    struct mmsghdr messages[MATERUNNER_UDP_BATCH_MAX];
    memset(messages, 0, sizeof(struct mmsghdr) * count);
    for (unsigned int i = 0; i < count; i++) {
        vectors[i].iov_base = (void *)(payload + offsets[i]);
        vectors[i].iov_len = lengths[i];
        messages[i].msg_hdr.msg_name = (void *)(addresses + (size_t)i * address_stride);
        messages[i].msg_hdr.msg_namelen = (socklen_t)address_lengths[i];
        messages[i].msg_hdr.msg_iov = &vectors[i];
        messages[i].msg_hdr.msg_iovlen = 1;
    }
    int sent;
    do {
        sent = sendmmsg(fd, messages, count, MSG_DONTWAIT);
    } while (sent < 0 && errno == EINTR);
    return sent;
#else
    (void)fd; (void)payload; (void)offsets; (void)lengths; (void)addresses; (void)address_lengths; (void)address_stride;
    errno = ENOSYS;
    return -1;
#endif
}
