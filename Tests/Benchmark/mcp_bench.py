"""Measures `boxoffice mcp` (issue 27); a measurement that prints figures, not a test.

Usage: .build/mcp-venv/bin/python Tests/Benchmark/mcp_bench.py [path/to/boxoffice]
(the venv comes from .ci/install-test-tools; the binary defaults to .build/release/boxoffice).

Serves the 2023-08-18 chart fixture from a loopback HTTP server, primes the cache with one call,
then times cached `daily_box_office` calls through the SDK client against `boxoffice mcp` and
against Tests/Benchmark/mcp_python_server.py (a Python SDK server running `boxoffice daily --format
json`), and reads the server's resident memory after 1,000 calls.

Then big days (issue 32): charts whose ten titles are 690 KB of JSON each, a quote every other
character (about 7 MiB, under the 8 MiB limit). It times one cached day from the CLI and through
MCP, and pings sent every 20 ms while eight such days are answered at once, and while an 8-day
range of them is: those answered before the last answer, and those after it, which waited for
its long line to be written (one line cannot be cut by another).
"""

import http.server
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import anyio
from mcp import Client, StdioServerParameters

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build/release/boxoffice").resolve()
CHART = (ROOT / "Fixtures/kobis/daily-20230818.json").read_bytes()
TIMED_CALLS = 200
MEMORY_CALLS = 1000


BIG_DAYS = ("20230801", "20230808")


def big_chart(day):
    """The fixture's ten titles made 690 KB of JSON each, as the day asked."""
    text = CHART.decode()
    title = 'a\\"' * 230_000
    text = re.sub(r'"movieNm":"(?:[^"\\]|\\.)*"', lambda _: f'"movieNm":"{title}"', text)
    return text.replace('"showRange":"20230818~20230818"', f'"showRange":"{day}~{day}"').encode()


class Chart(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        day = re.search(r"targetDt=([0-9]{8})", self.path)
        body = big_chart(day.group(1)) if day and day.group(1).startswith("202308") and day.group(1) != "20230818" else CHART
        self.send_response(200)
        self.send_header("Content-Type", "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def resident_mib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children_named(name):
    """Processes whose parent is this one and whose command line names `name`."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, ValueError, IndexError):
            continue
        if parent == os.getpid() and name in command:
            found.append(int(entry.name))
    return found


async def latencies(params, calls, after=None):
    async with Client(params, mode="auto") as client:
        await client.call_tool("daily_box_office", {"date": "20230818"})
        times = []
        for _ in range(calls):
            started = time.perf_counter()
            result = await client.call_tool("daily_box_office", {"date": "20230818"})
            times.append(time.perf_counter() - started)
            assert not result.is_error, result
        extra = after() if after else None
    return statistics.median(times), extra


class RawSession:
    """`boxoffice mcp` spoken to in raw JSON-RPC lines, so that a time is the server's, not a
    client's parsing of a 14 MB answer."""

    def __init__(self, env):
        self.server = subprocess.Popen([str(BINARY), "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.lock = threading.Lock()
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
        self.server.stdout.readline()

    def send(self, message):
        with self.lock:
            self.server.stdin.write(json.dumps(message).encode() + b"\n")
            self.server.stdin.flush()

    def call(self, request, arguments):
        self.send({"jsonrpc": "2.0", "id": request, "method": "tools/call", "params": {"name": "daily_box_office", "arguments": arguments}})

    def pings_during(self, calls):
        """Makes the calls (ids 1000 on) and pings every 20 ms until all are answered. The waits
        of the pings answered before the last answer, and of those answered after it, which
        waited for its line to be written; and the longest answer line."""
        sent, before, after, done = {}, [], [], threading.Event()

        def pings():
            request = 100_000
            while not done.is_set():
                request += 1
                sent[request] = time.perf_counter()
                self.send({"jsonrpc": "2.0", "id": request, "method": "ping"})
                time.sleep(0.02)

        for request, arguments in enumerate(calls, start=1000):
            self.call(request, arguments)
        pinger = threading.Thread(target=pings)
        pinger.start()
        answered, longest = 0, 0
        for line in self.server.stdout:
            request = int(re.search(rb'"id":(\d+)', line[:64]).group(1))
            if request < 100_000:
                # A day past the answer's ceiling (512 KiB) is answered by how to ask for less.
                assert b'"isError":false' in line[-300:] or b"ask for less" in line, line[:300]
                answered += 1
                longest = max(longest, len(line))
                if answered == len(calls):
                    done.set()
                    pinger.join()
            else:
                (after if done.is_set() else before).append(time.perf_counter() - sent[request])
            if done.is_set() and len(before) + len(after) == len(sent):
                return before, after, longest

    def close(self):
        self.server.stdin.close()
        self.server.wait()


def big_day_figures(env, runs):
    """Median seconds of a cached big day, and the pings during eight of them at once and during
    an 8-day range of them."""
    session = RawSession(env)
    times = []
    for request in range(1, runs + 1):
        started = time.perf_counter()
        session.call(request, {"date": BIG_DAYS[0]})
        answer = session.server.stdout.readline()
        times.append(time.perf_counter() - started)
        # Past the answer's ceiling (512 KiB) a call says so and how to ask for less: the day is
        # still read and encoded whole before that is known.
        assert b'"isError":false' in answer[-300:] or b"ask for less" in answer, answer[:300]
    days = [{"date": f"{BIG_DAYS[0][:6]}{day:02d}"} for day in range(int(BIG_DAYS[0][6:]), int(BIG_DAYS[1][6:]) + 1)]
    at_once = session.pings_during(days)
    in_range = session.pings_during([{"from": BIG_DAYS[0], "to": BIG_DAYS[1]}])
    session.close()
    return statistics.median(times), at_once, in_range


def cancel_to_close(env, runs):
    """Seconds from a `notifications/cancelled` to the moment a silent server (it reads the
    request and never answers) sees the call's connection close, for each of `runs` calls."""
    import socket
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    silent_env = dict(env, BOXOFFICE_KOBIS_URL=f"http://127.0.0.1:{listener.getsockname()[1]}",
                      BOXOFFICE_CACHE_DIR=env["BOXOFFICE_CACHE_DIR"] + "-silent")
    session = RawSession(silent_env)
    waits = []
    for request in range(1, runs + 1):
        session.send({"jsonrpc": "2.0", "id": request, "method": "tools/call",
                      "params": {"name": "daily_box_office", "arguments": {"date": "20230818"}, "_meta": {}}})
        connection, _ = listener.accept()
        connection.recv(65536)  # the request: the call is waiting on it now
        cancelled = time.perf_counter()
        session.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": request}})
        while connection.recv(65536):
            pass
        waits.append(time.perf_counter() - cancelled)
        connection.close()
    session.close()
    listener.close()
    return waits


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Chart)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home = tempfile.mkdtemp(prefix="boxoffice-mcp-bench-")
    env = {
        "PATH": "/usr/bin:/bin", "HOME": home, "KOBIS_API_KEY": "bench-key-not-real",
        "BOXOFFICE_KOBIS_URL": f"http://127.0.0.1:{server.server_port}",
        "BOXOFFICE_CACHE_DIR": f"{home}/cache", "BOXOFFICE_CONFIG_DIR": f"{home}/config",
    }
    ours = StdioServerParameters(command=str(BINARY), args=["mcp"], env=env)
    python = StdioServerParameters(
        command=sys.executable, args=[str(ROOT / "Tests/Benchmark/mcp_python_server.py"), str(BINARY)], env=env)

    ours_median, _ = anyio.run(latencies, ours, TIMED_CALLS)
    python_median, _ = anyio.run(latencies, python, TIMED_CALLS)
    _, memory = anyio.run(latencies, ours, MEMORY_CALLS,
                          lambda: [resident_mib(pid) for pid in children_named(str(BINARY))])
    # The big days, fetched once by the CLI, then all cached.
    range_args = ["daily", "--from", BIG_DAYS[0], "--to", BIG_DAYS[1], "--format", "json"]
    subprocess.run([str(BINARY)] + range_args, env=env, stdout=subprocess.DEVNULL, check=True)
    cli_times = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([str(BINARY), "daily", "--date", BIG_DAYS[0], "--format", "json"], env=env, stdout=subprocess.DEVNULL, check=True)
        cli_times.append(time.perf_counter() - started)
    big_mcp, at_once, in_range = big_day_figures(env, 5)
    server.shutdown()
    closes = cancel_to_close(env, 9)

    ratio = ours_median / python_median
    print(f"boxoffice mcp benchmark: {BINARY}, {os.cpu_count()} cores, medians of {TIMED_CALLS} cached daily_box_office calls")
    print(f"boxoffice mcp                 {ours_median * 1000:7.2f} ms")
    print(f"Python SDK server + CLI       {python_median * 1000:7.2f} ms")
    print(f"ratio                         {ratio:7.2f}x  (target <= 0.20x: {'met' if ratio <= 0.2 else 'missed'})")
    rss = max(memory) if memory else float("nan")
    print(f"resident memory after {MEMORY_CALLS} calls {rss:6.1f} MiB  (target < 32 MiB: {'met' if rss < 32 else 'missed'})")
    print(f"a cached 7 MiB day: CLI       {statistics.median(cli_times) * 1000:7.0f} ms")
    print(f"a cached 7 MiB day: MCP       {big_mcp * 1000:7.0f} ms (answered past the ceiling by how to ask for less)")
    for what, (before, after, longest) in [("eight of them at once", at_once), ("an 8-day range of them", in_range)]:
        slowest = max(before, default=float("inf"))
        print(f"pings during {what}: {len(before)} answered before the last answer, slowest {slowest * 1000:.0f} ms"
              f" (target < 100 ms: {'met' if slowest < 0.1 else 'missed'}); {len(after)} after it, slowest"
              f" {max(after, default=0) * 1000:.0f} ms (a line being written, here {longest / (1 << 20):.0f} MiB, holds those behind it)")
    print(f"a cancelled call's connection closed, as a silent server sees it: median {statistics.median(closes) * 1000:.1f} ms,"
          f" slowest {max(closes) * 1000:.1f} ms after the cancel (target < 100 ms: {'met' if max(closes) < 0.1 else 'missed'})")

if __name__ == "__main__":
    main()
