#!/usr/bin/env python3
"""Benchmark of the archive (issue 34): figures, not a pass/fail test; it exits 0.

Serves daily charts for any day (the 2023-08-18 fixture relabelled) and the films' recorded
details from a loopback HTTP server, then measures, each against its target:

- syncing 365 days into an empty archive from a warm cache (every chart and film cached);
- `boxoffice top --year 2015` on a twenty-year archive (7,300 days, 73,000 chart rows) against the
  `sqlite3` shell running the same SQL on the same file, turn about;
- the peak memory of syncing the twenty years from a warm cache, against a year's;
- the size of the twenty-year file.

    python3 Tests/Benchmark/archive_bench.py [--runs 11] [--skip-build] [path/to/boxoffice]

Needs the release build (built here unless --skip-build) and `sqlite3` (Tests/Benchmark/install-deps).
"""
import argparse, datetime, os, shutil, statistics, subprocess, sys, tempfile, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, build_peak_memory, measure_peak_memory, timed  # noqa: E402

DAILY = os.path.join(ROOT, "Fixtures", "kobis", "daily-20230818.json")
MOVIES = os.path.join(ROOT, "Fixtures", "kobis")
TOP_SQL = """SELECT c.movie_code,
       (SELECT title FROM daily_chart AS latest WHERE latest.movie_code = c.movie_code ORDER BY day DESC LIMIT 1),
       COALESCE(m.open_date, MIN(c.open_date)), SUM(c.audience) AS figure, COUNT(*), MIN(c.rank), m.distributor
FROM daily_chart AS c LEFT JOIN movies AS m ON m.code = c.movie_code
WHERE c.day BETWEEN '2015-01-01' AND '2015-12-31'
GROUP BY c.movie_code ORDER BY figure IS NULL, figure DESC, c.movie_code LIMIT 10;"""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    daily = b""

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path.endswith("searchDailyBoxOfficeList.json"):
            day = query.get("targetDt", ["20230818"])[0]
            body = type(self).daily.replace(b"20230818~20230818", f"{day}~{day}".encode())
        else:
            code = query.get("movieCd", [""])[0]
            try:
                body = open(os.path.join(MOVIES, f"movie-{code}.json"), "rb").read()
            except OSError:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def days(first, count):
    start = datetime.date.fromisoformat(first)
    return start.isoformat(), (start + datetime.timedelta(days=count - 1)).isoformat()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "boxoffice"))
    args = parser.parse_args()
    if not args.skip_build:
        # As the README installs it: static, as bench.py measures it.
        static = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "boxoffice"], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if static.returncode != 0:
            print("note: static linking failed (run Tests/Benchmark/install-deps); measuring the dynamic build")
            subprocess.run(["swift", "build", "-c", "release", "--product", "boxoffice"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    sqlite3 = shutil.which("sqlite3")
    if not sqlite3:
        sys.exit("sqlite3 is not installed: run Tests/Benchmark/install-deps")
    Handler.daily = open(DAILY, "rb").read()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home = tempfile.mkdtemp(prefix="boxoffice-archive-bench-")
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "KOBIS_API_KEY": "BENCHMARKKEY", "LANG": "C", "TZ": "UTC",
           "BOXOFFICE_KOBIS_URL": f"http://127.0.0.1:{server.server_port}/rest"}
    peak_memory = build_peak_memory(os.path.join(home, "peak_memory"))
    twenty = os.path.join(home, "twenty.sqlite3")
    year = os.path.join(home, "year.sqlite3")
    first, last = days("2004-01-01", 7300)
    # Fill the cache (and the twenty-year archive) through the server; --ignore-quota, since the
    # benchmark's own ledger would stop a 7,300-call run at 3,000.
    sync = [args.binary, "archive", "sync", "--from", first, "--to", last, "--ignore-quota", "--budget", "3000"]
    for _ in range(4):
        subprocess.run(sync + ["--archive", twenty], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = subprocess.run([sqlite3, twenty, "SELECT COUNT(*) FROM daily_chart"], capture_output=True, text=True).stdout.strip()
    print(f"boxoffice archive benchmark: {os.cpu_count()} cores, medians of {args.runs} runs")
    print(f"twenty-year archive: {rows} chart rows")

    # 365 days from a warm cache into an empty archive.
    year_first, year_last = days("2015-01-01", 365)
    year_sync = [args.binary, "archive", "sync", "--from", year_first, "--to", year_last, "--archive", year, "--ignore-quota"]
    times = []
    for _ in range(args.runs):
        for suffix in ("", "-wal", "-shm", ".sync"):
            if os.path.exists(year + suffix):
                os.remove(year + suffix)
        times.append(timed(year_sync, env))
    sync_time = statistics.median(times)
    print(f"sync 365 days, warm cache       {sync_time * 1000:8.0f} ms  (target <= 2000 ms: {'met' if sync_time <= 2 else 'missed'})")

    # top --year against the sqlite3 shell, turn about.
    top = [args.binary, "top", "--year", "2015", "--archive", twenty, "--format", "tsv"]
    shell = [sqlite3, "-readonly", twenty, TOP_SQL]
    ours, theirs = [], []
    timed(top, env)
    timed(shell, env)
    for _ in range(args.runs):
        ours.append(timed(top, env))
        theirs.append(timed(shell, env))
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"top --year 2015, 20 years       {statistics.median(ours) * 1000:8.1f} ms  sqlite3 {statistics.median(theirs) * 1000:.1f} ms"
          f"  {ratio:.2f}x  (target <= 1.50x: {'met' if ratio <= 1.5 else 'missed'})")

    # Memory: the twenty years synced again from the warm cache into a new file, against a year.
    fresh = os.path.join(home, "fresh.sqlite3")
    twenty_peak = measure_peak_memory(peak_memory, sync + ["--archive", fresh], env, runs=1)
    year_peak = measure_peak_memory(peak_memory, year_sync, env, runs=1)
    print(f"peak memory, sync of 365 days   {year_peak:8.1f} MiB")
    print(f"peak memory, sync of 7,300 days {twenty_peak:8.1f} MiB  (target < 64 MiB: {'met' if twenty_peak < 64 else 'missed'})")
    size = os.path.getsize(twenty) + (os.path.getsize(twenty + "-wal") if os.path.exists(twenty + "-wal") else 0)
    print(f"twenty-year file                {size / 1e6:8.1f} MB   (target < 30 MB: {'met' if size < 30e6 else 'missed'})")
    server.shutdown()
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
