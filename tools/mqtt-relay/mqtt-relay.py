#!/usr/bin/env python3
"""mqtt-relay: a malicious MQTT broker, for tests: a man in the middle between MQTT 3.1.1 clients and a
real broker, on loopback, that does to every PUBLISH what a broker's operator could.

usage: mqtt-relay.py --listen PORT --broker PORT [--seed N] [--drop P] [--delay MS] [--jitter MS]
                     [--duplicate P] [--replay P] [--inject P] [--status FILE] [--attacks DIR]
                     [--seconds S]

Listens on 127.0.0.1:PORT; each client connection gets its own connection to the broker on
127.0.0.1:BROKER, and every MQTT packet is framed (fixed header, remaining length) both ways. Packets
other than PUBLISH pass at once, in order. Each PUBLISH, in either direction, is
  - dropped with probability DROP (QoS 0 only: a QoS 1 message held back would stall the broker's
    in-flight window; a broker may hold it, which is a delay);
  - delayed DELAY +- JITTER ms (uniform), so PUBLISH packets overtake each other (reordered);
  - sent twice with probability DUPLICATE (the copy later);
and towards a client, with probability REPLAY an old PUBLISH this connection carried before is sent
again (as QoS 0), and with probability INJECT a forged one on a topic it carried: the last payload with
one byte changed, a random payload, or the payload cut short.
With --attacks DIR, it also injects what a test asks for: each file NAME.json that appears in DIR,
{"spacing_ms": N, "messages": [{"topic": T, "payload": HEX}, ...]}, is read once, its messages sent in
order, N ms apart, as QoS 0 PUBLISH packets to every client (a client drops a topic it did not subscribe
to), and the file renamed NAME.done once all were sent: the test seals them (an insider's envelopes) and
waits for the .done. Counters go to STATUS (JSON, rewritten every 0.1 s, and at the end), with the
topics the clients subscribed to (`subscribed`) and published on (`published`), and to stderr at the
end. Ends after SECONDS [300], on SIGTERM or SIGINT. Exit 0; 64 on bad options.
"""
import argparse, asyncio, json, os, random, signal, sys, time

PUBLISH = 3
SUBSCRIBE = 8


def remaining_length(value):
    out = bytearray()
    while True:
        byte = value % 128
        value //= 128
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


async def read_packet(reader):
    """One packet: (first byte, body) or None at the end of the stream."""
    try:
        first = (await reader.readexactly(1))[0]
        length, shift = 0, 0
        for _ in range(4):
            byte = (await reader.readexactly(1))[0]
            length |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        else:
            return None
        return first, await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None


def packet(first, body):
    return bytes([first]) + remaining_length(len(body)) + body


def publish_parts(first, body):
    """(topic bytes, payload) of a PUBLISH, or None when malformed."""
    if len(body) < 2:
        return None
    size = int.from_bytes(body[:2], "big")
    qos = (first >> 1) & 3
    start = 2 + size + (2 if qos else 0)
    if len(body) < start:
        return None
    return body[2:2 + size], body[start:]


def subscribed_topics(body):
    """The topic filters of a SUBSCRIBE (packet id, then length-prefixed filters each with a QoS byte)."""
    topics, at = [], 2
    while at + 2 <= len(body):
        size = int.from_bytes(body[at:at + 2], "big")
        topics.append(body[at + 2:at + 2 + size].decode("utf-8", "replace"))
        at += 2 + size + 1
    return topics


def qos0(topic, payload):
    return packet(PUBLISH << 4, len(topic).to_bytes(2, "big") + topic + payload)


class Relay:
    def __init__(self, options):
        self.options = options
        self.random = random.Random(options.seed)
        self.counts = {"connections": 0, "publish": 0, "dropped": 0, "delayed": 0, "duplicated": 0, "replayed": 0,
                       "injected": 0, "other": 0, "attacks": 0}
        self.subscribed, self.published = [], []
        self.clients = set()

    def delay(self):
        return max(0.0, (self.options.delay + self.random.uniform(-self.options.jitter, self.options.jitter)) / 1000)

    async def pump(self, reader, writer, to_client, seen):
        """Forwards packets from reader to writer; `seen` keeps what this connection carried to its client."""
        pending = set()

        def later(data, seconds):
            async def send():
                await asyncio.sleep(seconds)
                if not writer.is_closing():
                    writer.write(data)
            task = asyncio.ensure_future(send())
            pending.add(task)
            task.add_done_callback(pending.discard)

        while True:
            read = await read_packet(reader)
            if read is None:
                break
            first, body = read
            if first >> 4 == SUBSCRIBE and not to_client:
                for topic in subscribed_topics(body):
                    if topic not in self.subscribed and len(self.subscribed) < 200:
                        self.subscribed.append(topic)
            if first >> 4 != PUBLISH:
                self.counts["other"] += 1
                writer.write(packet(first, body))
                continue
            self.counts["publish"] += 1
            qos = (first >> 1) & 3
            if qos == 0 and self.random.random() < self.options.drop:
                self.counts["dropped"] += 1
                continue
            data = packet(first, body)
            self.counts["delayed"] += 1
            later(data, self.delay())
            if self.random.random() < self.options.duplicate:
                self.counts["duplicated"] += 1
                later(data, self.delay() + self.options.delay / 1000)
            parts = publish_parts(first, body)
            if parts is None:
                continue
            topic, payload = parts
            if not to_client:
                name = topic.decode("utf-8", "replace")
                if name not in self.published and len(self.published) < 200:
                    self.published.append(name)
                continue
            if payload:
                seen.append((topic, payload))
                del seen[:-200]
            if seen and self.random.random() < self.options.replay:
                self.counts["replayed"] += 1
                old_topic, old_payload = self.random.choice(seen)
                later(qos0(old_topic, old_payload), self.delay() + self.random.uniform(0, 2))
            if seen and self.random.random() < self.options.inject:
                self.counts["injected"] += 1
                old_topic, old_payload = self.random.choice(seen)
                kind = self.random.randrange(3)
                if kind == 0:
                    forged = bytearray(old_payload)
                    forged[self.random.randrange(len(forged))] ^= 1 << self.random.randrange(8)
                    forged = bytes(forged)
                elif kind == 1:
                    forged = self.random.randbytes(self.random.randrange(1, 120))
                else:
                    forged = old_payload[:self.random.randrange(len(old_payload))]
                later(qos0(old_topic, forged), self.delay())
        for task in list(pending):
            await task
        writer.close()

    async def connection(self, client_reader, client_writer):
        self.counts["connections"] += 1
        try:
            broker_reader, broker_writer = await asyncio.open_connection("127.0.0.1", self.options.broker)
        except OSError:
            client_writer.close()
            return
        seen = []
        self.clients.add(client_writer)
        up = asyncio.ensure_future(self.pump(client_reader, broker_writer, False, seen))
        down = asyncio.ensure_future(self.pump(broker_reader, client_writer, True, seen))
        await asyncio.wait([up, down], return_when=asyncio.FIRST_COMPLETED)
        for task in (up, down):
            task.cancel()
        self.clients.discard(client_writer)
        client_writer.close()
        broker_writer.close()

    def write_status(self):
        if self.options.status:
            with open(self.options.status + ".tmp", "w") as file:
                json.dump(dict(self.counts, subscribed=self.subscribed, published=self.published), file)
            os.replace(self.options.status + ".tmp", self.options.status)

    async def attack(self, path):
        """Sends the messages of the attack file at `path` to every client, then renames it .done."""
        try:
            with open(path) as file:
                attack = json.load(file)
            spacing = float(attack.get("spacing_ms", 0)) / 1000
            messages = [(item["topic"].encode(), bytes.fromhex(item["payload"])) for item in attack["messages"]]
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"mqtt-relay: bad attack file {path}: {error}", file=sys.stderr)
            os.replace(path, path[:-len(".json")] + ".bad")
            return
        for topic, payload in messages[:10000]:
            for writer in list(self.clients):
                if not writer.is_closing():
                    writer.write(qos0(topic, payload))
            self.counts["attacks"] += 1
            await asyncio.sleep(spacing)
        os.replace(path, path[:-len(".json")] + ".done")

    async def attacks(self, stop):
        """Runs each attack file that appears in --attacks, one at a time, until `stop`."""
        while not stop.is_set():
            names = sorted(name for name in os.listdir(self.options.attacks) if name.endswith(".json"))
            for name in names:
                await self.attack(os.path.join(self.options.attacks, name))
            try:
                await asyncio.wait_for(stop.wait(), 0.05)
            except asyncio.TimeoutError:
                pass

    async def run(self):
        server = await asyncio.start_server(self.connection, "127.0.0.1", self.options.listen)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        attacks = asyncio.ensure_future(self.attacks(stop)) if self.options.attacks else None
        deadline = time.monotonic() + self.options.seconds
        while not stop.is_set() and time.monotonic() < deadline:
            self.write_status()
            try:
                await asyncio.wait_for(stop.wait(), 0.1)
            except asyncio.TimeoutError:
                pass
        stop.set()
        if attacks:
            await attacks
        server.close()
        self.write_status()
        print("mqtt-relay: " + json.dumps(self.counts), file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description="a malicious MQTT broker in front of a real one, on loopback")
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--broker", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--drop", type=float, default=0.1)
    parser.add_argument("--delay", type=float, default=30)
    parser.add_argument("--jitter", type=float, default=30)
    parser.add_argument("--duplicate", type=float, default=0.1)
    parser.add_argument("--replay", type=float, default=0.1)
    parser.add_argument("--inject", type=float, default=0.1)
    parser.add_argument("--status")
    parser.add_argument("--attacks")
    parser.add_argument("--seconds", type=float, default=300)
    options = parser.parse_args()
    if not all(0 <= p <= 1 for p in (options.drop, options.duplicate, options.replay, options.inject)):
        parser.error("probabilities are 0...1")
    # A child of a test process may inherit a blocked SIGTERM: take it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    asyncio.run(Relay(options).run())


if __name__ == "__main__":
    main()
