"""Measures `boxoffice mcp` (issue 27); a measurement that prints figures, not a test.

Usage: .build/mcp-venv/bin/python Tests/Benchmark/mcp_bench.py [path/to/boxoffice]
(the venv comes from .ci/install-test-tools; the binary defaults to .build/release/boxoffice).

Serves the 2023-08-18 chart fixture from a loopback HTTP server, primes the cache with one call,
then times cached `daily_box_office` calls through the SDK client against `boxoffice mcp` and
against Tests/Benchmark/mcp_python_server.py (a Python SDK server running `boxoffice daily --format
json`), and reads the server's resident memory after 1,000 calls.
"""

import http.server
import os
import pathlib
import statistics
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


class Chart(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(CHART)))
        self.end_headers()
        self.wfile.write(CHART)

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
    server.shutdown()

    ratio = ours_median / python_median
    print(f"boxoffice mcp benchmark: {BINARY}, {os.cpu_count()} cores, medians of {TIMED_CALLS} cached daily_box_office calls")
    print(f"boxoffice mcp                 {ours_median * 1000:7.2f} ms")
    print(f"Python SDK server + CLI       {python_median * 1000:7.2f} ms")
    print(f"ratio                         {ratio:7.2f}x  (target <= 0.20x: {'met' if ratio <= 0.2 else 'missed'})")
    rss = max(memory) if memory else float("nan")
    print(f"resident memory after {MEMORY_CALLS} calls {rss:6.1f} MiB  (target < 32 MiB: {'met' if rss < 32 else 'missed'})")


if __name__ == "__main__":
    main()
