/* nfq-delay: delay, jitter and reordering of the packets of one NFQUEUE, in userspace.
 *
 * For kernels without sch_netem (CONFIG_NET_SCH_NETEM not set) that have NFQUEUE (iptables'
 * `-j NFQUEUE`, nfnetlink_queue). It binds queue N of the network namespace it runs in, asks only for
 * each packet's metadata (never its payload), and for each packet either
 *   - accepts it at once, with probability REORDER (netem's `reorder`: those packets overtake the
 *     delayed ones), or
 *   - holds it (by its packet id) and accepts it when DELAY + uniform(-JITTER, +JITTER) ms have passed
 *     (at least 0): netem's `delay DELAY JITTER` with its default, uniform, jitter. Packets are released
 *     in order of their release time, so jitter reorders them too, as netem does.
 * Verdicts are asynchronous: a min-heap of release times, poll() on the netlink socket with a timeout
 * to the next release. At most MAX packets are held; a packet over that bound is accepted at once and
 * counted (overflow). The queue is opened fail-open (a full queue or socket accepts in the kernel), and
 * the iptables rule should use --queue-bypass (no delayer bound: accepted).
 * Never loses a packet: on SIGTERM, SIGINT or SIGHUP (those not ignored when it started), and on a
 * fatal error, it accepts every held packet before it unbinds, then prints its counters on stderr and
 * exits.
 *
 * Usage: nfq-delay [-q QUEUE] [-d DELAY_MS] [-j JITTER_MS] [-r REORDER_%] [-s SEED] [-m MAX] [-v]
 *   defaults: queue 0, delay 40, jitter 20, reorder 25, seed from the clock and pid, max 4096.
 * Prints "nfq-delay: ready queue N ..." on stderr once the queue is bound.
 * Exit: 0 after a signal, 1 on an error, 64 on bad options.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <libnetfilter_queue/libnetfilter_queue.h>

struct held {
    uint64_t release_ns; /* CLOCK_MONOTONIC */
    uint64_t order;      /* arrival order: ties leave in arrival order */
    uint32_t id;         /* the packet's NFQUEUE id */
};

static struct held *heap;
static size_t heap_len, heap_cap;

static struct {
    uint64_t received, delayed, immediate, overflow, released, verdict_errors, enobufs;
} count;

static struct nfq_q_handle *queue;
static double delay_ms = 40, jitter_ms = 20, reorder_pct = 25;
static uint64_t arrivals;
static int verbose;
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig) { stop_signal = sig; }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* splitmix64: small, seedable, good enough for fault injection. */
static uint64_t rng_state;
static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
/* uniform in [0, 1) */
static double rng_unit(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

static int earlier(const struct held *a, const struct held *b) {
    return a->release_ns < b->release_ns || (a->release_ns == b->release_ns && a->order < b->order);
}

static void heap_push(struct held h) {
    size_t i = heap_len++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!earlier(&h, &heap[parent])) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = h;
}

static struct held heap_pop(void) {
    struct held top = heap[0], last = heap[--heap_len];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= heap_len) break;
        if (child + 1 < heap_len && earlier(&heap[child + 1], &heap[child])) child++;
        if (!earlier(&heap[child], &last)) break;
        heap[i] = heap[child];
        i = child;
    }
    if (heap_len > 0) heap[i] = last;
    return top;
}

static void accept_packet(uint32_t id) {
    if (nfq_set_verdict(queue, id, NF_ACCEPT, 0, NULL) < 0) {
        count.verdict_errors++;
        if (verbose) fprintf(stderr, "nfq-delay: verdict for packet %" PRIu32 ": %s\n", id, strerror(errno));
    }
}

/* Accepts every held packet whose time has come (all of them when `all`). Bounded by heap_len. */
static void release_due(int all) {
    uint64_t now = now_ns();
    while (heap_len > 0 && (all || heap[0].release_ns <= now)) {
        struct held h = heap_pop();
        accept_packet(h.id);
        count.released++;
    }
}

static int on_packet(struct nfq_q_handle *qh, struct nfgenmsg *msg, struct nfq_data *data, void *unused) {
    (void)qh;
    (void)msg;
    (void)unused;
    struct nfqnl_msg_packet_hdr *ph = nfq_get_msg_packet_hdr(data);
    if (ph == NULL) return 0;
    uint32_t id = ntohl(ph->packet_id);
    count.received++;
    if (rng_unit() * 100.0 < reorder_pct) {
        count.immediate++;
        accept_packet(id);
        return 0;
    }
    if (heap_len >= heap_cap) {
        count.overflow++;
        accept_packet(id);
        return 0;
    }
    double ms = delay_ms + (jitter_ms > 0 ? (2.0 * rng_unit() - 1.0) * jitter_ms : 0.0);
    if (ms < 0) ms = 0;
    struct held h = {.release_ns = now_ns() + (uint64_t)(ms * 1e6), .order = arrivals++, .id = id};
    heap_push(h);
    count.delayed++;
    return 0;
}

static int parse_double(const char *text, double min, double max, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !(v >= min && v <= max)) return -1;
    *out = v;
    return 0;
}

static void usage(void) {
    fprintf(stderr, "usage: nfq-delay [-q QUEUE] [-d DELAY_MS] [-j JITTER_MS] [-r REORDER_%%] [-s SEED] [-m MAX] [-v]\n");
}

int main(int argc, char **argv) {
    double queue_num = 0, max_held = 4096, seed_arg = -1;
    int opt;
    while ((opt = getopt(argc, argv, "q:d:j:r:s:m:vh")) != -1) {
        int bad = 0;
        switch (opt) {
        case 'q': bad = parse_double(optarg, 0, 65535, &queue_num); break;
        case 'd': bad = parse_double(optarg, 0, 60000, &delay_ms); break;
        case 'j': bad = parse_double(optarg, 0, 60000, &jitter_ms); break;
        case 'r': bad = parse_double(optarg, 0, 100, &reorder_pct); break;
        case 's': bad = parse_double(optarg, 0, 9007199254740992.0, &seed_arg); break;
        case 'm': bad = parse_double(optarg, 1, 1000000, &max_held); break;
        case 'v': verbose = 1; break;
        default: usage(); return opt == 'h' ? 0 : 64;
        }
        if (bad) {
            fprintf(stderr, "nfq-delay: bad value for -%c: %s\n", opt, optarg);
            usage();
            return 64;
        }
    }
    if (optind != argc) {
        usage();
        return 64;
    }
    uint64_t seed = seed_arg >= 0 ? (uint64_t)seed_arg : (now_ns() ^ ((uint64_t)getpid() << 32));
    rng_state = seed;
    heap_cap = (size_t)max_held;
    heap = calloc(heap_cap, sizeof *heap);
    if (heap == NULL) {
        perror("nfq-delay: calloc");
        return 1;
    }

    /* Signals are blocked except inside ppoll(), so that one cannot slip in between the check of
       stop_signal and the wait. */
    sigset_t blocked, during_wait;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGTERM);
    sigaddset(&blocked, SIGINT);
    sigaddset(&blocked, SIGHUP);
    sigprocmask(SIG_BLOCK, &blocked, &during_wait);
    sigdelset(&during_wait, SIGTERM);
    sigdelset(&during_wait, SIGINT);
    sigdelset(&during_wait, SIGHUP);
    /* A signal ignored when we start stays ignored (nohup, or a caller that leaves Ctrl-C to itself and
       stops us with SIGTERM). */
    const int stop_signals[] = {SIGTERM, SIGINT, SIGHUP};
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(stop_signals[i], &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);

    int status = 0;
    struct nfq_handle *h = nfq_open();
    if (h == NULL) {
        perror("nfq-delay: nfq_open");
        return 1;
    }
    queue = nfq_create_queue(h, (uint16_t)queue_num, on_packet, NULL);
    if (queue == NULL) {
        fprintf(stderr, "nfq-delay: cannot bind queue %.0f: %s\n", queue_num, strerror(errno));
        nfq_close(h);
        return 1;
    }
    if (nfq_set_mode(queue, NFQNL_COPY_META, 0) < 0) {
        fprintf(stderr, "nfq-delay: nfq_set_mode: %s\n", strerror(errno));
        status = 1;
        goto out;
    }
    /* The kernel may hold a little more than we do; over that, or when our socket is full, it accepts
       (fail-open) instead of dropping. */
    if (nfq_set_queue_maxlen(queue, (uint32_t)(heap_cap + 1024)) < 0 ||
        nfq_set_queue_flags(queue, NFQA_CFG_F_FAIL_OPEN, NFQA_CFG_F_FAIL_OPEN) < 0) {
        fprintf(stderr, "nfq-delay: warning: cannot set the queue's length or fail-open: %s\n", strerror(errno));
    }
    nfnl_rcvbufsiz(nfq_nfnlh(h), 4u << 20);
    int fd = nfq_fd(h);
    fprintf(stderr, "nfq-delay: ready queue %.0f delay %g ms jitter %g ms reorder %g%% max %zu seed %" PRIu64 "\n",
            queue_num, delay_ms, jitter_ms, reorder_pct, heap_cap, seed);

    static char buf[65536] __attribute__((aligned));
    while (!stop_signal) {
        release_due(0);
        struct timespec timeout, *wait = NULL;
        if (heap_len > 0) {
            uint64_t now = now_ns(), next = heap[0].release_ns;
            uint64_t left = next > now ? next - now : 0;
            timeout.tv_sec = (time_t)(left / 1000000000u);
            timeout.tv_nsec = (long)(left % 1000000000u);
            wait = &timeout;
        }
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int ready = ppoll(&pfd, 1, wait, &during_wait);
        if (ready < 0) {
            if (errno == EINTR) continue;
            perror("nfq-delay: ppoll");
            status = 1;
            break;
        }
        if (ready == 0) continue;
        if (pfd.revents & (POLLERR | POLLNVAL)) {
            /* POLLERR on a netlink socket is a pending ENOBUFS: read it below. */
            if (pfd.revents & POLLNVAL) {
                fprintf(stderr, "nfq-delay: netlink socket closed\n");
                status = 1;
                break;
            }
        }
        /* Drain what is there, at most 256 messages per wake-up: timers are served in between. */
        for (int n = 0; n < 256; n++) {
            ssize_t got = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
            if (got < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) break;
                if (errno == ENOBUFS) {
                    /* Messages lost to a full socket: fail-open accepted those packets in the kernel. */
                    count.enobufs++;
                    continue;
                }
                perror("nfq-delay: recv");
                status = 1;
                goto out;
            }
            if (got == 0) break;
            nfq_handle_packet(h, buf, (int)got);
        }
    }
out:
    /* Never leave a packet behind: accept everything held, then unbind (which would drop them). */
    release_due(1);
    nfq_destroy_queue(queue);
    nfq_close(h);
    free(heap);
    fprintf(stderr,
            "nfq-delay: %s; received %" PRIu64 " delayed %" PRIu64 " immediate %" PRIu64 " overflow %" PRIu64
            " released %" PRIu64 " verdict_errors %" PRIu64 " enobufs %" PRIu64 "\n",
            stop_signal ? strsignal(stop_signal) : "error", count.received, count.delayed, count.immediate,
            count.overflow, count.released, count.verdict_errors, count.enobufs);
    return status;
}
