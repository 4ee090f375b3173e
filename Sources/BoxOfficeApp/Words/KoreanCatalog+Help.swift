import BoxOfficeCore
package extension KoreanCatalog {
    /// Commands' and options' help, and the defaults they describe.
    static let helpTexts: [String: String] = [
        "$BOXOFFICE_ARCHIVE, else $XDG_DATA_HOME/boxoffice/archive.sqlite3, else ~/.local/share/boxoffice/archive.sqlite3":
            "$BOXOFFICE_ARCHIVE, 없으면 $XDG_DATA_HOME/boxoffice/archive.sqlite3, 그것도 없으면 ~/.local/share/boxoffice/archive.sqlite3",
        "A calendar month.":
            "한 달(달력 기준).",
        "A calendar year.":
            "한 해(달력 기준).",
        "A code group.":
            "코드 그룹.",
        "A command, or exit-codes.":
            "명령어, 또는 exit-codes.",
        "A day in the week to show.":
            "보여 줄 주에 속한 날짜.",
        "A film's figure comes from KOBIS's own running totals: its audience_total on its last archived day of the period less audience_total - audience on its first, so the days between that it spent outside the daily top ten count too; the days before its first and after its last charted day do not. It is never less than the sum of its archived days. --all-time ranks by each film's latest running total, KOBIS's own audience_total. The README gives the SQL.":
            "영화별 수치는 KOBIS의 누적 집계에서 구합니다. 기간 안에서 아카이브에 있는 마지막 날의 audience_total에서 첫날의 audience_total - audience를 뺀 값이라, 그 사이 일별 10위 밖에 있던 날도 셈에 듭니다. 처음 10위 안에 든 날 앞과 마지막 날 뒤는 들지 않습니다. 아카이브에 있는 날들의 합보다 작지 않습니다. --all-time은 영화마다 가장 최근의 누적관객수(KOBIS의 audience_total)로 순위를 매깁니다. SQL은 README에 있습니다.",
        "A group name or a raw KOBIS comCode.":
            "그룹 이름 또는 KOBIS comCode 그대로.",
        "Add each movie's poster (needs KAKAO_REST_API_KEY).":
            "영화마다 포스터를 붙입니다(KAKAO_REST_API_KEY 필요).",
        "Add each movie's poster URL (needs KAKAO_REST_API_KEY).":
            "영화마다 포스터 URL을 붙입니다(KAKAO_REST_API_KEY 필요).",
        "Answer from recorded responses in <dir> instead of the network.":
            "네트워크 대신 <dir>에 기록된 응답으로 답합니다.",
        "Archive KOBIS's lists of Korean and of foreign films too: three calls a day instead of one, for every film of the overall top ten and ten more.":
            "KOBIS의 한국영화·외국영화 목록도 보관. 하루 호출 1회 대신 3회로, 전체 10위 안의 모든 영화와 10편 더.",
        "Archive the charts only, not the films' details (distributor, nation, genre).":
            "박스오피스만 보관하고 영화 상세 정보(배급사, 국적, 장르)는 받지 않습니다.",
        "BOXOFFICE_LANG, else Korean when LANGUAGE, LC_ALL, LC_MESSAGES or LANG says ko in UTF-8, else English":
            "BOXOFFICE_LANG, 없으면 LANGUAGE, LC_ALL, LC_MESSAGES 또는 LANG: ko(UTF-8)일 때 한국어, 그 밖에는 영어",
        "Colour tables: auto, always or never.":
            "표 색상: auto, always 또는 never.",
        "Count cached answers.":
            "캐시된 응답 수를 셉니다.",
        "Counts the films of the archived daily top tens, each with its figure as 'top' gives it (from KOBIS's running totals): a film counts for its first distributor, its nation (대표국적) or its genre (대표장르), from its details, which 'archive sync' fetches unless --no-movies.":
            "아카이브에 있는 일별 10위권 영화를 'top'과 같은 수치(KOBIS 누적 집계 기준)로 셉니다. 영화는 첫 번째 배급사, 대표국적, 대표장르로 묶이며, 이 정보는 --no-movies가 아니면 'archive sync'가 받아 둔 영화 상세 정보에서 옵니다.",
        "Dates are days in Korea (Asia/Seoul) whatever the machine's time zone. <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago).":
            "날짜는 컴퓨터의 시간대와 상관없이 한국(Asia/Seoul) 날짜입니다. <date>는 YYYYMMDD, YYYY-MM-DD, today, yesterday 또는 -Nd(N일 전)입니다.",
        "Days each trend covers, 2 to 31.":
            "추이에 담을 날수, 2~31.",
        "Each distributor's, nation's or genre's share of a period's audience and sales, from the archive.":
            "기간 관객수와 매출액의 배급사별·국적별·장르별 점유율을 아카이브에서 구합니다.",
        "Each new day costs one KOBIS call (none when the cache has it; three with --wide) and each film its details, one call, the first time it appears. Days fetched while their figures could still change are fetched again once settled. Stops at the budget (exit 75, saying what is left); the next sync goes on from there.":
            "새로 받는 날마다 KOBIS 호출 1회(캐시에 있으면 0회, --wide면 3회), 영화가 처음 나오면 상세 정보에 1회가 듭니다. 집계가 아직 바뀔 수 있을 때 받은 날은 확정된 뒤 다시 받습니다. 예산에 이르면 남은 일을 알리고 멈추며(종료 코드 75), 다음 동기화가 그 자리에서 이어 갑니다.",
        "Every day the archive holds.":
            "아카이브에 있는 모든 날.",
        "Every page, at most 1000 results, checked against today's quota first.":
            "모든 페이지, 최대 1000건. 먼저 오늘 남은 호출 한도를 확인합니다.",
        "Fill the archive with the days it lacks, within a budget of calls.":
            "아카이브에 없는 날을 호출 예산 안에서 채웁니다.",
        "Find a movie's poster.":
            "영화 포스터를 찾습니다.",
        "Find film companies and their codes by name.":
            "이름으로 영화사와 그 코드를 찾습니다.",
        "Find movies and their codes by title, director, nation, type and years.":
            "영화명, 감독, 국적, 유형, 연도로 영화와 그 코드를 찾습니다.",
        "Find people (directors, actors, crew) and their codes by name.":
            "이름으로 영화인(감독, 배우, 스태프)과 그 코드를 찾습니다.",
        "Finds running totals that do not chain from one archived day to the next (audience_total less the day before's is the day's audience; sales likewise), days fetched before they settled, and films charted without their details. Prints them and exits 65; exits 0 when all holds.":
            "아카이브의 하루와 다음 날 사이에 이어지지 않는 누적(그날의 audience_total에서 전날 값을 빼면 그날의 audience여야 함. 매출액도 같음), 확정 전에 받은 날, 상세 정보 없이 박스오피스에 든 영화를 찾습니다. 찾으면 출력하고 종료 코드 65로, 모두 맞으면 0으로 끝납니다.",
        "First day of a period of your own; give its last day too.":
            "직접 정하는 기간의 첫날. 마지막 날도 함께 주세요.",
        "First day of a range (with --to).":
            "범위의 첫날(--to와 함께).",
        "First day.":
            "첫날.",
        "Give up on an attempt, or on a wait for the quota ledger, after this long.":
            "요청 한 번, 또는 호출 장부를 기다리는 시간이 이만큼 지나면 포기합니다.",
        "Group by distributor, nation or genre.":
            "배급사, 국적 또는 장르별로 묶습니다.",
        "Groups by name: regions (0105000000), movie-types (2201), nations (2204), company-parts (2601); any other <group> of digits is sent as a raw comCode.":
            "이름으로 고르는 그룹: regions(0105000000), movie-types(2201), nations(2204), company-parts(2601). 숫자로 된 다른 <group>은 comCode로 그대로 보냅니다.",
        "How many films.":
            "영화 몇 편.",
        "Ignore cached answers and store fresh ones.":
            "캐시된 응답을 쓰지 않고 새 응답을 저장합니다.",
        "In a range, print the charts that arrived even if others failed: those are named on stderr and marked in JSON, and the run exits 23.":
            "범위 조회에서 일부가 실패해도 받은 박스오피스는 출력합니다. 실패한 것은 stderr에 밝히고 JSON에 표시하며, 종료 코드는 23입니다.",
        "Inspect or clear the response cache.":
            "응답 캐시를 살펴보거나 비웁니다.",
        "Keep the daily charts in a local SQLite archive, and ask it questions.":
            "일별 박스오피스를 이 컴퓨터의 SQLite 아카이브에 보관하고, 거기에 묻습니다.",
        "Keys come from KOBIS_API_KEY and KAKAO_REST_API_KEY, or from `boxoffice config set`.":
            "키는 KOBIS_API_KEY와 KAKAO_REST_API_KEY, 또는 `boxoffice config set`으로 저장한 것을 씁니다.",
        "Korea's official box office (KOBIS) and movie posters (Kakao) in your terminal.":
            "영화진흥위원회 공식 박스오피스(KOBIS)와 영화 포스터(카카오)를 터미널에서.",
        "Last day of a period of your own; give its first day too.":
            "직접 정하는 기간의 마지막 날. 첫날도 함께 주세요.",
        "Last day of a range (with --from).":
            "범위의 마지막 날(--from과 함께).",
        "Last day.":
            "마지막 날.",
        "Leave out the tools that spend API calls to write the archive (archive_sync): every other tool only reads.":
            "아카이브를 채우느라 API 호출을 쓰는 도구(archive_sync)를 뺍니다. 나머지 도구는 모두 읽기만 합니다.",
        "List KOBIS common codes: regions, movie types, nations, company parts or any group.":
            "KOBIS 공통 코드를 봅니다: 지역, 영화 유형, 국적, 영화사 업종 또는 다른 그룹.",
        "Looks up the title on KOBIS, then searches Kakao images for \"<title> 영화 포스터\" and prints the best image URL.":
            "KOBIS에서 영화명을 찾은 뒤 카카오 이미지에서 \"<title> 영화 포스터\"를 검색해 가장 알맞은 이미지 URL을 출력합니다.",
        "Neither read nor write the cache.":
            "캐시를 읽지도 쓰지도 않습니다.",
        "No colour: the same as --color never.":
            "색상 없음: --color never와 같습니다.",
        "One SELECT (or WITH … SELECT) statement.":
            "SELECT(또는 WITH … SELECT) 문 하나.",
        "One of the command's subcommands.":
            "이 명령어의 하위 명령어 가운데 하나.",
        "Only commercial or independent films.":
            "상업영화 또는 다양성영화(KOBIS의 multiMovieYn)만: commercial 또는 independent.",
        "Only companies with this part: a code of the company-parts group, or its name such as 배급사.":
            "이 업종의 영화사만: company-parts 그룹의 코드 또는 배급사 같은 이름.",
        "Only korean or foreign films.":
            "한국영화(korean) 또는 외국영화(foreign)만.",
        "Only movies of this nation: a code of the nations group or its name, such as 한국; may repeat.":
            "이 국적의 영화만: nations 그룹의 코드 또는 한국 같은 이름. 여러 번 줄 수 있습니다.",
        "Only movies of this type: a code of the movie-types group or its name, such as 장편; may repeat.":
            "이 유형의 영화만: movie-types 그룹의 코드 또는 장편 같은 이름. 여러 번 줄 수 있습니다.",
        "Only movies produced in this year or earlier.":
            "이 해까지 제작된 영화만.",
        "Only movies produced in this year or later.":
            "이 해부터 제작된 영화만.",
        "Only movies that opened in this year (the Opened column, not Produced).":
            "이 해에 개봉한 영화만(제작연도가 아니라 개봉일 기준).",
        "Only movies that opened in this year or earlier.":
            "이 해까지 개봉한 영화만.",
        "Only movies that opened in this year or later.":
            "이 해부터 개봉한 영화만.",
        "Only one region: a name such as seoul or 서울, or its 7-digit code.":
            "한 지역만: seoul 또는 서울 같은 이름, 또는 7자리 코드.",
        "Only people who worked on a film of this title.":
            "이 제목의 영화에 참여한 사람만.",
        "Page of results, 1 to 50.":
            "결과 페이지, 1~50.",
        "Page of results, from 1.":
            "결과 페이지, 1부터.",
        "Part of a director's name.":
            "감독 이름의 일부.",
        "Part of the chief executive's name.":
            "대표자 이름의 일부.",
        "Part of the name (optional with --ceo or --part).":
            "이름의 일부(--ceo나 --part를 주면 생략 가능).",
        "Part of the name (optional with --filmography).":
            "이름의 일부(--filmography를 주면 생략 가능).",
        "Part of the title (optional with other filters).":
            "영화명의 일부(다른 조건을 주면 생략 가능).",
        "Print a shell completion script.":
            "셸 자동 완성 스크립트를 출력합니다.",
        "Print the cache folder.":
            "캐시 폴더를 출력합니다.",
        "Print the cached names of a code group, for shell completion.":
            "셸 자동 완성용으로 캐시된 코드 그룹의 이름을 출력합니다.",
        "Print the config file's path.":
            "설정 파일 경로를 출력합니다.",
        "Print the days that arrived even if others failed: those are named on stderr and marked in JSON, and the run exits 23.":
            "일부가 실패해도 받은 날은 출력합니다. 실패한 날은 stderr에 밝히고 JSON에 표시하며, 종료 코드는 23입니다.",
        "Rank by audience or sales.":
            "관객수 또는 매출액으로 순위를 매깁니다.",
        "Rank the films of a year, a month or any period, from the archive (no call).":
            "한 해, 한 달 또는 정한 기간의 영화 순위를 아카이브에서 구합니다(호출 없음).",
        "Read the whole archive and tell what does not add up.":
            "아카이브 전체를 읽고 맞지 않는 것을 알려 줍니다.",
        "Send at most this many calls (a tool call: required, at most 500).":
            "보낼 호출 수의 상한(도구 호출에서는 필수, 500회까지).",
        "Show the key in use for a service, masked, and where it comes from.":
            "서비스에 쓰이는 키를 가려서, 어디서 왔는지와 함께 보여 줍니다.",
        "Remove a service's key from the config file.":
            "설정 파일에서 서비스의 키를 지웁니다.",
        "Say nothing on stderr but warnings and errors: no \"Wrote FILE.\", no progress (for cron logs), wherever it stands.":
            "표준 오류에는 경고와 오류만 씁니다. \"…에 썼습니다.\"도 진행 상황도 없습니다(cron 로그용). 인자 어디에 두어도 됩니다.",
        "Write to the terminal directly rather than through the pager (BOXOFFICE_PAGER, else PAGER, else less -FRX), wherever it stands.":
            "페이저(BOXOFFICE_PAGER, 없으면 PAGER, 없으면 less -FRX)를 거치지 않고 터미널에 바로 씁니다. 인자 어디에 두어도 됩니다.",
        "Write the whole manual as a man page (roff), for man -l - or a man folder.":
            "설명서 전체를 man 페이지(roff)로 씁니다. man -l -로 보거나 man 폴더에 두세요.",
        "Read a key from standard input and store it.":
            "표준 입력에서 키를 읽어 저장합니다.",
        "Reads JSON-RPC messages on stdin and answers on stdout, one a line, until stdin closes. Its tools are the commands seen from a model's side (tools/list names them); each answers with the JSON the matching command prints with --format json, from the same cache, quota ledger, config file and keys.":
            "표준 입력으로 JSON-RPC 메시지를 한 줄에 하나씩 읽고 표준 출력으로 답하며, 표준 입력이 닫힐 때까지 계속합니다. 도구는 명령어를 모델 쪽에서 본 것이며(tools/list가 이름을 알려 줍니다), 각 도구는 해당 명령어가 --format json으로 출력하는 JSON으로 답합니다. 캐시, 호출 장부, 설정 파일, 키는 명령줄과 같은 것을 씁니다.",
        "Reads the daily charts of <date> and the days before it (days at least three days old come from the cache, so a daily cron costs three calls: <date> and the two days before it, which KOBIS may still revise) and the same weekday a week earlier.":
            "<date>와 그 앞 며칠, 그리고 1주 전 같은 요일의 일별 박스오피스를 읽습니다(사흘 이상 지난 날은 캐시에서 읽으므로 매일 도는 cron은 호출 3회가 듭니다. <date>와, KOBIS가 아직 고칠 수 있는 그 앞 이틀입니다).",
        "Reads the daily charts from the movie's opening (or --from) until it has been out of the top ten for a week, at most 366 days (up to yesterday), or of --from/--to; cached and archived days cost nothing.":
            "개봉일(또는 --from)부터 10위 밖으로 밀려난 지 일주일이 될 때까지(최대 366일, 어제까지), 또는 --from/--to 기간의 일별 박스오피스를 읽습니다. 캐시나 아카이브에 있는 날은 호출이 들지 않습니다.",
        "Refuse a period the archive lacks days of, instead of answering with the days it holds.":
            "아카이브에 빠진 날이 있는 기간이면, 있는 날로 답하는 대신 거절합니다.",
        "Remove every cached answer.":
            "캐시된 응답을 모두 지웁니다.",
        "Requests in flight at once for ranges, 1 to 16.":
            "범위 조회 때 동시에 보내는 요청 수, 1~16.",
        "Requests in flight at once, 1 to 16.":
            "동시에 보내는 요청 수, 1~16.",
        "Results per page, 1 to 100.":
            "페이지당 결과 수, 1~100.",
        "Results per page, 1 to 80.":
            "페이지당 결과 수, 1~80.",
        "Retry transient failures this many times.":
            "일시적인 실패를 이만큼 다시 시도합니다.",
        "Run one read-only SQL statement on the archive.":
            "아카이브에 읽기 전용 SQL 문 하나를 실행합니다.",
        "Save the image to <path> (a file or a folder), or to stdout with -.":
            "이미지를 <path>(파일 또는 폴더)에, -이면 표준 출력에 저장합니다.",
        "Search Kakao images.":
            "카카오 이미지를 검색합니다.",
        "Send requests even past today's daily limit by boxoffice's count.":
            "boxoffice가 센 오늘의 일일 한도를 넘어서도 요청을 보냅니다.",
        "Serve the box office to AI agents over the Model Context Protocol (stdio).":
            "AI 에이전트에게 Model Context Protocol(stdio)로 박스오피스를 제공합니다.",
        "Show a film company's details and films.":
            "영화사 상세 정보와 영화 목록을 봅니다.",
        "Show a movie's details.":
            "영화 상세 정보를 봅니다.",
        "Show a movie's run: its rank and audience each day it was in the top 10.":
            "영화의 흥행 추이: 10위 안에 든 날마다의 순위와 관객수를 봅니다.",
        "Show a person's details and films.":
            "영화인 상세 정보와 필모그래피를 봅니다.",
        "Show help for a command, or the exit codes.":
            "명령어 도움말이나 종료 코드를 봅니다.",
        "Show help information.":
            "도움말을 봅니다.",
        "Show the daily box-office chart.":
            "일별 박스오피스를 봅니다.",
        "Show the top <n> movies, 1 to 10.":
            "상위 <n>편만 봅니다, 1~10.",
        "Show the version.":
            "버전을 봅니다.",
        "Show the weekly box-office chart.":
            "주간 박스오피스를 봅니다.",
        "Show today's API calls against the daily limits.":
            "오늘의 API 호출 수를 일일 한도와 함께 봅니다.",
        "Show where each key comes from, masked.":
            "각 키를 어디서 가져오는지 가려서 보여 줍니다.",
        "Shows the Monday-to-Sunday week that contains <date> (or its weekend or weekdays). <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd. A range (--from/--to) holds the periods that start in it; those not ended yet are left out, with a warning.":
            "<date>가 속한 월~일 한 주(또는 그 주말이나 주중)를 보여 줍니다. <date>는 YYYYMMDD, YYYY-MM-DD, today, yesterday 또는 -Nd입니다. 범위(--from/--to)에는 그 안에서 시작하는 기간이 들어가며, 아직 끝나지 않은 기간은 경고와 함께 뺍니다.",
        "Store API keys in the config file.":
            "API 키를 설정 파일에 저장합니다.",
        "Tell on stderr what happens: cache hits, retries.":
            "무슨 일이 일어나는지 stderr에 알립니다: 캐시 적중, 재시도.",
        "Tell what the archive holds: days, gaps, films, size and schema version.":
            "아카이브에 무엇이 있는지 알려 줍니다: 날수, 빠진 날, 영화, 크기, 스키마 버전.",
        "The KOBIS company code (find it with `boxoffice companies`).":
            "KOBIS 영화사 코드(`boxoffice companies`로 찾습니다).",
        "The KOBIS movie code (find it with `boxoffice search`).":
            "KOBIS 영화 코드(`boxoffice search`로 찾습니다).",
        "The KOBIS movie code.":
            "KOBIS 영화 코드.",
        "The KOBIS person code (find it with `boxoffice people`).":
            "KOBIS 영화인 코드(`boxoffice people`로 찾습니다).",
        "The archive file.":
            "아카이브 파일.",
        "The archive is one SQLite file ($BOXOFFICE_ARCHIVE, else $XDG_DATA_HOME/boxoffice/archive.sqlite3, else ~/.local/share/boxoffice/archive.sqlite3); 'archive sync' fills it, 'top' and 'share' answer from it with no call, and sqlite3 opens it too.":
            "아카이브는 SQLite 파일 하나입니다($BOXOFFICE_ARCHIVE, 없으면 $XDG_DATA_HOME/boxoffice/archive.sqlite3, 그것도 없으면 ~/.local/share/boxoffice/archive.sqlite3). 'archive sync'가 채우고, 'top'과 'share'는 호출 없이 여기서 답하며, sqlite3로도 열 수 있습니다.",
        "The archive is opened read-only; ATTACH, pragmas that write and load_extension are refused. At most 1000 rows and 2 s of work.":
            "아카이브는 읽기 전용으로 열립니다. ATTACH, 쓰기 pragma, load_extension은 거절합니다. 최대 1000행, 작업 시간 2초까지.",
        "The day to report on.":
            "리포트할 날짜.",
        "The day to show.":
            "보여 줄 날짜.",
        "The language of help, messages and reports, wherever it stands among the arguments.":
            "도움말, 메시지, 리포트의 언어. 인자 가운데 어디에 두어도 됩니다.",
        "What the names start with.":
            "이름의 첫 부분.",
        "What to search for.":
            "검색어.",
        "With --format email --embed-posters, the most bytes the whole message may take, 100000 to 100000000; posters past it are linked.":
            "--format email --embed-posters일 때 메일 전체의 최대 바이트 수, 100000~100000000. 넘는 포스터는 링크로 둡니다.",
        "With --format email, a recipient; may repeat.":
            "--format email일 때 받는 사람. 여러 번 줄 수 있습니다.",
        "With --format email, the sender.":
            "--format email일 때 보내는 사람.",
        "With --format email, the subject (default: the report's heading).":
            "--format email일 때 제목(기본값: 리포트 제목).",
        "With --format html or email, download the posters into the page or message.":
            "--format html 또는 email일 때 포스터를 내려받아 페이지나 메일에 넣습니다.",
        "Write every response received to <dir>, in the layout --replay reads.":
            "받은 응답을 모두 --replay가 읽는 형식으로 <dir>에 기록합니다.",
        "Write the morning report: the top 10 with moves, trends, new entries and milestones.":
            "아침 리포트를 씁니다: 10위권과 순위 증감, 추이, 신규 진입, 누적 관객 돌파.",
        "Write the output to <file> atomically instead of stdout (- is stdout).":
            "출력을 표준 출력 대신 <file>에 원자적으로 씁니다(-는 표준 출력).",
        "a year after the first day, or yesterday if sooner":
            "첫날로부터 1년 뒤, 어제가 더 이르면 어제",
        "accuracy or recency.":
            "accuracy(정확도순) 또는 recency(최신순).",
        "bash, zsh or fish.":
            "bash, zsh 또는 fish.",
        "kobis or kakao.":
            "kobis 또는 kakao.",
        "the latest week that has ended":
            "끝난 가장 최근 주",
        "the opening date":
            "개봉일",
        "this year so far":
            "올해 지금까지",
        "week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu).":
            "week(월~일), weekend(금~일) 또는 weekdays(월~목).",
        "what today's quota leaves, less 100 for the day's other runs":
            "오늘 남은 호출 한도에서 그날 다른 실행 몫 100을 뺀 만큼",
        "yesterday":
            "어제",
    ]
}
