#!/usr/bin/env python3
"""Benchmark: boxoffice against the `curl | jq` script a user would otherwise write, and against
the floor: static Swift programs (built here from Tests/Benchmark/Floor) doing only the necessary
work.

Serves Fixtures/ from a loopback HTTP server with configurable latency, then times, side by side
in one run (each against its comparison, turn about): `--version`, a single uncached `daily` (against
`curl | jq` and against `curl -s` fetching the same URL alone), the same cached, a cached 31-day range as CSV,
and a 31-day range at 100 ms latency. Prints medians, peak memory and every ratio against its
target. Then the peak memory of ranges of big days (7, 31 and 365 days of 7 MiB answers, as CSV and
JSON Lines): it must not grow with the number of days. Figures, not a pass/fail test: it exits 0.

    python3 Tests/Benchmark/bench.py [--runs 15] [--latency-ms 100] [--jobs 4] [--big-days 7,31,365]
"""
import argparse, datetime, json, math, os, shutil, statistics, subprocess, sys, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, "Fixtures", "kobis", "daily-20230818.json")
FIELDS = "rank, rankInten, movieCd, movieNm, openDt, audiCnt, audiAcc, salesShare, scrnCnt"
JQ = f'.boxOfficeResult.dailyBoxOfficeList[] | [.{FIELDS.replace(", ", ", .")}] | @tsv'
KEY = "BENCHMARKKEY"


class Handler(BaseHTTPRequestHandler):
    latency = 0.0
    body = b""
    protocol_version = "HTTP/1.1"
    # Headers and body leave in separate writes; without this, Nagle and delayed ACKs add 40 ms
    # to every answer on a kept-alive connection, which no real API server does.
    disable_nagle_algorithm = True

    def do_GET(self):
        time.sleep(type(self).latency)
        day = parse_qs(urlparse(self.path).query).get("targetDt", ["20230818"])[0]
        body = type(self).body.replace(b"20230818~20230818", f"{day}~{day}".encode())
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class BigHandler(Handler):
    """The fixture's day with each of its ten titles some 700 KB long: a 7 MiB answer, which the
    API allows (it documents no length for a title)."""
    latency = 0.0
    body = b""


def big_body():
    document = json.load(open(FIXTURE, encoding="utf-8"))
    for index, movie in enumerate(document["boxOfficeResult"]["dailyBoxOfficeList"]):
        # Hangul, three bytes each in UTF-8: some 700 KB a title, a different one for each movie.
        movie["movieNm"] = f"{index} " + "가나다라마바사아자차카타파하" * (700 * 1024 // 42)
    return json.dumps(document, ensure_ascii=False).encode()


def serve(handler=Handler, body=None):
    handler.body = body if body is not None else open(FIXTURE, "rb").read()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def timed(command, env):
    """Wall time in seconds of one run; a failing command stops the benchmark."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = process.communicate()
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"benchmark command failed ({process.returncode}): {' '.join(command)}\n{err.decode(errors='replace')}")
    return elapsed


def median_time(command, env, runs, prepare=None):
    times = []
    for _ in range(runs):
        if prepare:
            prepare()
        times.append(timed(command, env))
    return statistics.median(times)


def paired_medians(commands, env, runs):
    """Medians of commands run in turn, round after round, so that a drift of the machine's
    speed during the measurement falls on all of them alike."""
    times = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            times[index].append(timed(command, env))
    return [statistics.median(each) for each in times]


def measure_peak_memory(peak_memory, command, env, runs=5):
    """Median peak resident memory in MiB of a few runs, as the kernel counts it at exit (wait4's
    ru_maxrss), through the small C program peak_memory: a sample taken while the process runs
    misses its last moments, and Python's own memory would count in its child's."""
    peaks = []
    for _ in range(runs):
        process = subprocess.run([peak_memory] + command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if process.returncode != 0:
            sys.exit(f"benchmark command failed ({process.returncode}): {' '.join(command)}")
        peaks.append(int(process.stderr.split()[-1]) / 1024)
    return statistics.median(peaks)


def build_peak_memory(output):
    compiler = shutil.which("clang") or shutil.which("cc")
    if not compiler:
        sys.exit("a C compiler is needed to measure memory: the Swift toolchain's clang, or cc")
    source = os.path.join(ROOT, "Tests", "Benchmark", "peak_memory.c")
    subprocess.run([compiler, "-O2", source, "-o", output], check=True)
    return output


def build_floor(name, output):
    """A static, optimised build of a floor program."""
    source = os.path.join(ROOT, "Tests", "Benchmark", "Floor", f"{name}.swift")
    subprocess.run(["swiftc", "-O", "-static-stdlib", source, "-o", output], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return output


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--latency-ms", type=float, default=100)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--days", type=int, default=31)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--big-days", default="7,31,365",
                        help="lengths of the ranges of 7 MiB days whose peak memory is measured (none: skip)")
    args = parser.parse_args()
    for tool in ("curl", "jq", "bash"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is needed for the comparison: run Tests/Benchmark/install-deps")
    # The binary as installed: release, with the Swift runtime and Foundation linked in statically
    # (half the start-up of a dynamically linked one). That link needs libcurl's development files,
    # which Tests/Benchmark/install-deps installs; without them the dynamic build is measured.
    binary = os.path.join(ROOT, ".build", "release", "boxoffice")
    if not args.skip_build:
        static = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "boxoffice"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if static.returncode != 0:
            print("note: static linking failed (run Tests/Benchmark/install-deps); measuring the dynamic build")
            subprocess.run(["swift", "build", "-c", "release", "--product", "boxoffice"], cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL)

    floors = tempfile.mkdtemp(prefix="boxoffice-floor-")
    peak_memory = build_peak_memory(os.path.join(floors, "peak_memory"))
    hello = build_floor("hello", os.path.join(floors, "hello"))
    floor_charts = build_floor("cached_charts", os.path.join(floors, "cached_charts"))
    hello_networking = build_floor("hello_networking", os.path.join(floors, "hello_networking"))

    server = serve()
    base = f"http://127.0.0.1:{server.server_address[1]}/rest"
    cache = tempfile.mkdtemp(prefix="boxoffice-bench-")
    env = dict(os.environ, KOBIS_API_KEY=KEY, BOXOFFICE_KOBIS_URL=base, BOXOFFICE_CACHE_DIR=cache, NO_COLOR="1")
    url = f"{base}/boxoffice/searchDailyBoxOfficeList.json?key={KEY}&targetDt=20230818"
    curl_jq = ["bash", "-c", f"curl -sf '{url}' | jq -r '{JQ}'"]
    ours = [binary, "daily", "--date", "20230818", "--format", "tsv"]

    def clear_cache():
        shutil.rmtree(cache, ignore_errors=True)

    Handler.latency = 0
    timed(ours, env)  # warm the page cache for the binary and its libraries
    version, hello_time, hello_networking_time = paired_medians([[binary, "--version"], [hello], [hello_networking]], env, args.runs)
    hello_networking_peak = measure_peak_memory(peak_memory, [hello_networking], env)
    curl_single, ours_uncached, curl_alone = paired_medians([curl_jq, ours + ["--no-cache"], ["curl", "-s", url]], env, args.runs)
    clear_cache()
    timed(ours, env)
    cached_entry = os.path.join(cache, "responses", "kobis", "daily-20230818.json")
    ours_cached, floor_daily = paired_medians([ours, [floor_charts, cached_entry]], env, args.runs)
    cached_peak = measure_peak_memory(peak_memory, ours, env)
    month = [f"202307{day:02d}" for day in range(1, 32)]
    ours_month = [binary, "daily", "--from", "2023-07-01", "--to", "2023-07-31", "--format", "csv"]
    timed(ours_month, env)  # fills the cache
    entries = [os.path.join(cache, "responses", "kobis", f"daily-{day}.json") for day in month]
    ours_cached_range, floor_range = paired_medians([ours_month, [floor_charts, "--csv"] + entries], env, args.runs)

    Handler.latency = args.latency_ms / 1000
    first = "2023-07-01"
    last_day = 1 + args.days - 1
    last = f"2023-07-{last_day:02d}" if last_day <= 31 else "2023-07-31"
    range_runs = max(3, args.runs // 3)
    ours_range_cmd = [binary, "daily", "--from", first, "--to", last, "--jobs", str(args.jobs), "--format", "tsv", "--no-cache"]
    ours_range = median_time(ours_range_cmd, env, range_runs)
    loop = " ".join(f"202307{day:02d}" for day in range(1, args.days + 1))
    curl_loop_cmd = ["bash", "-c", f"for d in {loop}; do curl -sf '{base}/boxoffice/searchDailyBoxOfficeList.json?key={KEY}&targetDt='$d | jq -r '{JQ}'; done"]
    curl_loop = median_time(curl_loop_cmd, env, max(3, range_runs // 2))
    peak = measure_peak_memory(peak_memory, ours_range_cmd, env, runs=1)
    ideal = math.ceil(args.days / args.jobs) * Handler.latency + ours_uncached
    server.shutdown()
    clear_cache()
    big_peaks = measure_big_ranges(binary, peak_memory, env, cache, [int(days) for days in args.big_days.split(",") if days.strip()])
    shutil.rmtree(floors, ignore_errors=True)

    rows = [
        ("--version", version, "static hello", hello_time, 2.0),
        ("single daily, cached", ours_cached, "floor", floor_daily, 1.6),
        ("single daily, cached", ours_cached, "curl|jq", curl_single, 0.3),
        ("single daily, uncached", ours_uncached, "curl|jq", curl_single, 0.7),
        ("single daily, uncached", ours_uncached, "curl -s", curl_alone, 1.3),
        ("31-day range, cached, CSV", ours_cached_range, "floor", floor_range, 2.0),
    ]
    print(f"boxoffice benchmark: {args.runs} runs each (medians), machine: {os.cpu_count()} cores")
    print(f"{'case':<28} {'boxoffice':>10}  {'against':<13} {'it':>9} {'ratio':>7}  target")
    for name, mine, against, theirs, target in rows:
        ratio = mine / theirs
        print(f"{name:<28} {mine * 1000:>8.1f}ms  {against:<13} {theirs * 1000:>7.1f}ms {ratio:>6.2f}x  <= {target:.2f}x: {'met' if ratio <= target else 'MISSED'}")
    print(f"{'peak memory, cached daily':<48} {cached_peak:.1f} MiB  (target < 16 MiB: {'met' if cached_peak < 16 else 'MISSED'})")
    print(f"what boxoffice avoids by not linking FoundationNetworking (and so libcurl): a static hello that links it takes "
          f"{hello_networking_time * 1000:.1f}ms ({hello_networking_time / hello_time:.1f}x the plain one) and {hello_networking_peak:.1f} MiB")
    print(f"{args.days}-day range @ {args.latency_ms:.0f} ms, --jobs {args.jobs}: {ours_range * 1000:.0f}ms, a curl loop {curl_loop * 1000:.0f}ms "
          f"({curl_loop / ours_range:.1f}x faster; target >= 3.5x: {'met' if curl_loop / ours_range >= 3.5 else 'MISSED'})")
    within = ours_range / ideal
    print(f"{'range vs ideal ceil(days/jobs)*latency+start-up':<48} {ideal * 1000:.0f}ms -> {within:.2f}x  (target <= 1.25x: {'met' if within <= 1.25 else 'MISSED'})")
    print(f"{'peak memory of the range run':<48} {peak:.1f} MiB  (target < 40 MiB: {'met' if peak < 40 else 'MISSED'})")
    report_big_ranges(big_peaks)


# Peak memory of a range of 7 MiB days: flat in the number of days, and bounded.
BIG_FLAT_MIB = 16
BIG_CEILING_MIB = 128
BIG_FORMATS = ("csv", "jsonl")


def measure_big_ranges(binary, peak_memory, env, cache, lengths):
    """Peak memory of daily ranges of 7 MiB answers, served from 127.0.0.1 without latency, with
    the default --jobs and the cache on, as a first run has it (the cache is emptied after each
    run: 365 such days are 2.5 GB). Standard output goes to /dev/null."""
    if not lengths:
        return {}
    server = serve(BigHandler, big_body())
    big_env = dict(env, BOXOFFICE_KOBIS_URL=f"http://127.0.0.1:{server.server_address[1]}/rest")
    first = datetime.date(2022, 1, 1)
    peaks = {}
    for days in lengths:
        last = first + datetime.timedelta(days=days - 1)
        for format in BIG_FORMATS:
            command = [binary, "daily", "--from", first.isoformat(), "--to", last.isoformat(), "--format", format]
            shutil.rmtree(cache, ignore_errors=True)
            peaks[(days, format)] = measure_peak_memory(peak_memory, command, big_env, runs=1)
    shutil.rmtree(cache, ignore_errors=True)
    server.shutdown()
    return peaks


def report_big_ranges(peaks):
    if not peaks:
        return
    lengths = sorted({days for days, _ in peaks})
    print(f"peak memory of daily ranges of 7 MiB answers (ten 700 KB titles), served, cache on, default --jobs:")
    print(f"{'':<8}" + "".join(f"{f'{days} days':>12}" for days in lengths))
    for format in BIG_FORMATS:
        print(f"{format:<8}" + "".join(f"{peaks[(days, format)]:>8.1f} MiB" for days in lengths))
    shortest, longer = lengths[0], lengths[1:]
    for format in BIG_FORMATS:
        for days in longer:
            growth = peaks[(days, format)] - peaks[(shortest, format)]
            print(f"  {format}: {days} days {growth:+.1f} MiB against {shortest} (target <= {BIG_FLAT_MIB} MiB: "
                  f"{'met' if growth <= BIG_FLAT_MIB else 'MISSED'})")
    highest = max(peaks.values())
    print(f"  highest {highest:.1f} MiB (target < {BIG_CEILING_MIB} MiB at any length: {'met' if highest < BIG_CEILING_MIB else 'MISSED'})")


if __name__ == "__main__":
    main()
