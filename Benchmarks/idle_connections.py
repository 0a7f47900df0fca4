#!/usr/bin/env python3
"""Holds COUNT idle TCP connections to HOST:PORT (connected, nothing sent) until stdin closes or
says "close", then closes them. Prints "open N" once N connections are established and "closed K"
with the number the server had already closed when told to close (read end of file or reset).

    idle_connections.py PORT COUNT [HOST]

A process holds at most its descriptor limit (raised to the hard limit here): run several for more."""
import resource
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

connected, failed = [], 0
for _ in range(count):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(30)
    try:
        s.connect((host, port))
    except OSError:
        failed += 1
        s.close()
        continue
    s.setblocking(False)
    connected.append(s)
print(f"open {len(connected)} failed {failed}", flush=True)

for line in sys.stdin:
    if line.strip() == "close":
        break

# How many the server closed meanwhile (a read returns b"" or fails at once).
closed = 0
for s in connected:
    try:
        if s.recv(1) == b"":
            closed += 1
    except BlockingIOError:
        pass
    except OSError:
        closed += 1
    s.close()
print(f"closed {closed}", flush=True)
