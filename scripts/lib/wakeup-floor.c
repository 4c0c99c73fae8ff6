/* The floor of docs/BENCHMARKS.md: what a runner's I/O costs on this machine when nothing else is done.
 * One thread, one epoll over a UDP socket on 127.0.0.1 and three timerfds, like a `materunner run` at
 * 10 fixes/s: every 100 ms a 30-byte datagram to each mate (the publish), every 100 ms a 600-byte line
 * written and flushed to a file (the status frame), every 200 ms a wake-up (the overload watch); it reads
 * every datagram its mates send. No decoding, no state: the kernel's share and the wake-ups alone.
 *
 *   wakeup-floor BASE_PORT COUNT INDEX SECONDS OUTFILE
 *
 * Process INDEX of COUNT binds BASE_PORT + INDEX and sends to the others; it stops after SECONDS (every
 * loop is bounded) and prints how many datagrams it read to standard error. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static int every(long milliseconds) {
    int fd = timerfd_create(CLOCK_MONOTONIC, 0);
    struct itimerspec spec = {{0, milliseconds * 1000000L}, {0, milliseconds * 1000000L}};
    if (fd < 0 || timerfd_settime(fd, 0, &spec, NULL) != 0) { perror("timerfd"); exit(1); }
    return fd;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: %s BASE_PORT COUNT INDEX SECONDS OUTFILE\n", argv[0]); return 64; }
    int base = atoi(argv[1]), count = atoi(argv[2]), me = atoi(argv[3]), seconds = atoi(argv[4]);
    FILE *out = fopen(argv[5], "w");
    if (!out) { perror(argv[5]); return 73; }
    int sock = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in self = {.sin_family = AF_INET, .sin_port = htons(base + me)};
    self.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(sock, (struct sockaddr *)&self, sizeof self) != 0) { perror("bind"); return 69; }
    int publish = every(100), frame = every(100), watch = every(200);
    int epoll = epoll_create1(0), fds[] = {sock, publish, frame, watch};
    for (int i = 0; i < 4; i++) {
        struct epoll_event event = {.events = EPOLLIN, .data.fd = fds[i]};
        epoll_ctl(epoll, EPOLL_CTL_ADD, fds[i], &event);
    }
    char datagram[2048] = {0}, line[600];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    long received = 0;
    time_t end = time(NULL) + seconds;
    while (time(NULL) < end) {
        struct epoll_event events[8];
        int ready = epoll_wait(epoll, events, 8, 1000);
        for (int i = 0; i < ready; i++) {
            int fd = events[i].data.fd;
            uint64_t expirations;
            if (fd == sock) {
                while (recv(sock, datagram, sizeof datagram, MSG_DONTWAIT) > 0) received++;
                continue;
            }
            if (read(fd, &expirations, sizeof expirations) < 0) continue;
            if (fd == publish) {
                for (int mate = 0; mate < count; mate++) {
                    if (mate == me) continue;
                    struct sockaddr_in to = self;
                    to.sin_port = htons(base + mate);
                    sendto(sock, datagram, 30, 0, (struct sockaddr *)&to, sizeof to);
                }
            } else if (fd == frame) {
                fwrite(line, 1, sizeof line, out);
                fflush(out);
            }
        }
    }
    fprintf(stderr, "received %ld\n", received);
    fclose(out);
    return 0;
}
