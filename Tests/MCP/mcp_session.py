"""Drives `boxoffice mcp` with the official MCP Python SDK, for MCPEndToEndTests.

Usage: mcp_session.py <boxoffice binary> <auto|legacy> <plan.json>

The plan names the calls to make; what the client saw is printed as one JSON object on stdout.
The server inherits this process's environment (keys, BOXOFFICE_* settings, HOME).
"""

import fcntl
import json
import os
import sys

import anyio
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError


def has_open(path):
    """Whether a child of this process (the server) has `path` open."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent != os.getpid():
                continue
            descriptors = os.listdir(f"/proc/{entry}/fd")
            if any(os.readlink(f"/proc/{entry}/fd/{fd}") == path for fd in descriptors):
                return True
        except (OSError, ValueError, IndexError):
            continue
    return False


async def ping_while_held(client, held, report):
    """A call waits for the ledger's lock, which this process holds; then a ping. What was
    answered first, and what the call answered once the lock was let go."""
    lock = os.open(held["lock"], os.O_CREAT | os.O_RDWR, 0o600)
    fcntl.flock(lock, fcntl.LOCK_EX)
    order = []

    async def call():
        result = await client.call_tool(held["call"]["name"], held["call"].get("arguments", {}))
        report["held_call"] = outcome(result)
        order.append("call")

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(call)
            # A backstop, not a measurement (the call reaches the lock in milliseconds), well
            # within the client's own 60 s, so that the call is still answered after it.
            with anyio.move_on_after(30):
                while not has_open(held["lock"]):
                    await anyio.sleep(0.005)
                report["call_reached_lock"] = True
                await client.send_ping()
                order.append("ping")
            os.close(lock)
            lock = None
    finally:
        if lock is not None:
            os.close(lock)
    report["held_order"] = order


def outcome(result):
    texts = [block.text for block in result.content if getattr(block, "type", None) == "text"]
    return {"is_error": bool(result.is_error), "structured_content": result.structured_content, "texts": texts}


async def main(binary, mode, plan):
    params = StdioServerParameters(command=binary, args=["mcp"] + plan.get("server_args", []), env=dict(os.environ))
    report = {}
    async with Client(params, mode=mode, read_timeout_seconds=600) as client:
        report["protocol_version"] = client.protocol_version
        info = client.server_info
        report["server_name"] = info.name if info else None
        report["instructions"] = client.instructions
        listing = await client.list_tools()
        report["tools"] = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in listing.tools]

        concurrent = plan.get("concurrent", [])
        answers = [None] * len(concurrent)

        async def one(index, call):
            answers[index] = outcome(await client.call_tool(call["name"], call.get("arguments", {})))

        async with anyio.create_task_group() as group:
            for index, call in enumerate(concurrent):
                group.start_soon(one, index, call)
        report["concurrent"] = answers

        report["calls"] = []
        for call in plan.get("calls", []):
            report["calls"].append(outcome(await client.call_tool(call["name"], call.get("arguments", {}))))

        try:
            await client.call_tool("no_such_tool", {})
            report["unknown_tool"] = None
        except MCPError as error:
            report["unknown_tool"] = {"code": error.code, "message": str(error)}

        held = plan.get("held_by_ledger")
        if held:
            await ping_while_held(client, held, report)

        stalled = plan.get("stalled")
        if stalled:
            with anyio.move_on_after(plan.get("cancel_after", 1.0)) as scope:
                await client.call_tool(stalled["name"], stalled.get("arguments", {}))
            report["stalled_was_cancelled"] = scope.cancelled_caught
            after = plan.get("after_cancel")
            if after:
                report["after_cancel"] = outcome(await client.call_tool(after["name"], after.get("arguments", {})))
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    with open(sys.argv[3], encoding="utf-8") as file:
        plan = json.load(file)
    anyio.run(main, sys.argv[1], sys.argv[2], plan)
