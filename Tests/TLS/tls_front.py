#!/usr/bin/env python3
"""A TLS front for the tests' loopback HTTP server, so that the binary's https path is driven for real.

It listens on 127.0.0.1 and an ephemeral port, which it prints as its first line, and serves TLS with
the certificate it is given. Each request read from a TLS connection is passed on to the loopback
server (which closes after every answer) over a connection of its own, and the answer is sent back
with its `Connection: close` dropped, so the client may keep the TLS connection for the next request,
as a real host lets it. Every accepted connection is counted in the count file, written before the
connection is served, so the count is whole by the time its answer arrives. It ends when its stdin
closes, so it never outlives the test that started it.
"""

import argparse
import os
import signal
import socket
import ssl
import sys
import threading


def read_head(stream):
    """The request line and headers up to the blank line, or None at the end of the stream."""
    lines = []
    while True:
        line = stream.readline(65536)
        if not line:
            return None
        lines.append(line)
        if line in (b"\r\n", b"\n"):
            return b"".join(lines)


def exchange(head, backend_port):
    """Asks the loopback server and returns its answer, fit for a connection that stays open."""
    with socket.create_connection(("127.0.0.1", backend_port)) as backend:
        backend.sendall(head)
        answer = bytearray()
        while True:
            piece = backend.recv(65536)
            if not piece:
                break
            answer += piece
    separator = answer.find(b"\r\n\r\n")
    if separator < 0:
        return bytes(answer)
    lines = bytes(answer[:separator]).split(b"\r\n")
    body = bytes(answer[separator + 4:])
    kept = [lines[0]] + [line for line in lines[1:]
                         if not line.lower().startswith((b"connection:", b"content-length:"))]
    kept.append(b"Content-Length: " + str(len(body)).encode())
    return b"\r\n".join(kept) + b"\r\n\r\n" + body


def serve(context, connection, backend_port):
    try:
        with context.wrap_socket(connection, server_side=True) as tls:
            stream = tls.makefile("rb")
            while True:
                head = read_head(stream)
                if head is None:
                    return
                tls.sendall(exchange(head, backend_port))
    except (ssl.SSLError, OSError):
        # A refused handshake is what some tests are after.
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--certificate", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--backend-port", type=int, required=True)
    parser.add_argument("--count-file", required=True)
    arguments = parser.parse_args()
    # The test process may have blocked signals (SIGTERM among them) on the thread that started us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(arguments.certificate, arguments.key)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.listen(64)

    def end_with_stdin():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=end_with_stdin, daemon=True).start()
    print(listener.getsockname()[1], flush=True)

    accepted = 0
    while True:
        connection, _ = listener.accept()
        accepted += 1
        partial = arguments.count_file + ".partial"
        with open(partial, "w") as count:
            count.write(str(accepted))
        os.replace(partial, arguments.count_file)
        threading.Thread(target=serve, args=(context, connection, arguments.backend_port), daemon=True).start()


if __name__ == "__main__":
    main()
