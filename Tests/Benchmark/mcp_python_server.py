"""The baseline for mcp_bench.py: a small MCP server on the official Python SDK whose one tool runs
`boxoffice daily --format json`, as someone wrapping the CLI would write it."""

import json
import subprocess
import sys

from mcp.server import MCPServer

BOXOFFICE = sys.argv[1]
server = MCPServer("boxoffice-python")


@server.tool(structured_output=False)
def daily_box_office(date: str = "yesterday") -> str:
    """Korea's daily box-office chart for a day."""
    run = subprocess.run([BOXOFFICE, "daily", "--date", date, "--format", "json"], capture_output=True, text=True)
    if run.returncode != 0:
        raise ValueError(run.stderr.strip())
    return json.dumps(json.loads(run.stdout), ensure_ascii=False)


if __name__ == "__main__":
    server.run("stdio")
