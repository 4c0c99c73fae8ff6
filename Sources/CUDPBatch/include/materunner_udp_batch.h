#ifndef MATERUNNER_UDP_BATCH_H
#define MATERUNNER_UDP_BATCH_H

#include <stddef.h>
#include <stdint.h>

/// The most datagrams one call of `materunner_udp_send_batch` takes.
#define MATERUNNER_UDP_BATCH_MAX 64

/// Sends up to `count` datagrams (at most MATERUNNER_UDP_BATCH_MAX) on the UDP socket `fd` with one
/// system call where the system has one (sendmmsg(2) on Linux), without blocking.
///
/// Datagram i is the `lengths[i]` bytes at `payload + offsets[i]`, sent to the socket address of
/// `address_lengths[i]` bytes at `addresses + i * address_stride`.
///
/// Returns how many of the first datagrams went (1 or more), or -1 with errno set when the first of
/// them did not: EAGAIN/EWOULDBLOCK when the socket's buffer is full, anything else for that datagram
/// alone (EHOSTUNREACH, EMSGSIZE, ...), so that the caller may go on with the next. ENOSYS where the
/// system has no batch call.
int materunner_udp_send_batch(
    int fd,
    const uint8_t *payload,
    const size_t *offsets,
    const size_t *lengths,
    const uint8_t *addresses,
    const uint32_t *address_lengths,
    size_t address_stride,
    unsigned int count
);

#endif
