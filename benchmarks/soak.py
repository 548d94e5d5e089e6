"""Soak: kill -9 the embedded server and the writing client in a loop, then check that every
message applied exactly once and nothing is half-written.

A client process sends numbered messages (each adds the fact "likes item N", N spelled in digits
so the write-time guard keeps them apart) with stable message ids; the parent kills the server
(postmaster and backends) or the client at random moments; a killed client is restarted from a
little before its last confirmed message, so replays are exercised too. Bounded in rounds and
seconds; everything runs on loopback / a Unix socket. Run: ``.venv/bin/python benchmarks/soak.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter

import psutil

CLIENT = r'''
import re, sys
from fact_memory_graph import FactMemory
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

def ops(messages):
    n = re.search(r"message (\d+)", prompt_message(messages)).group(1)
    return [{"op": "add_durable", "category": "preference", "claim": f"likes item {n}"}]

memory = FactMemory.open(data_dir=sys.argv[1], llm=ScriptedChatModel(default=ops))
start, stop = int(sys.argv[2]), int(sys.argv[3])
for i in range(start, stop):
    while True:
        try:
            memory.remember("soak", f"message {i}", message_id=f"m{i}")
            print(i, flush=True)
            break
        except Exception as exc:
            print(f"error {type(exc).__name__}", flush=True)
memory.close()
'''


def kill_server(data_dir: str) -> bool:
    try:
        with open(f"{data_dir}/pgdata/postmaster.pid") as pidfile:
            pid = int(pidfile.readline())
        server = psutil.Process(pid)
    except (OSError, ValueError, psutil.NoSuchProcess):
        return False
    victims = [server, *server.children(recursive=True)]
    for proc in victims:
        proc.send_signal(signal.SIGKILL)
    psutil.wait_procs(victims, timeout=10)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=300)
    args = parser.parse_args()
    rng = random.Random(3)
    data_dir = tempfile.mkdtemp(prefix="fm-soak-")
    os.chmod(data_dir, 0o755)  # our own new directory: as root the server runs as another OS user
    deadline = time.monotonic() + args.seconds
    confirmed, errors, kills = -1, Counter(), Counter()

    def start_client(first: int) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-c", CLIENT, data_dir, str(first), str(args.messages)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def drain(proc: subprocess.Popen, until: float, *, first_message: bool = False) -> None:
        nonlocal confirmed
        import os
        import selectors
        os.set_blocking(proc.stdout.fileno(), False)
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        while time.monotonic() < until and proc.poll() is None and not (first_message and confirmed >= 0):
            for _ in sel.select(timeout=0.1):
                for line in proc.stdout.read().splitlines():
                    if line.startswith("error"):
                        errors[line.split()[1]] += 1
                    elif line.strip().isdigit():
                        confirmed = max(confirmed, int(line))

    client = start_client(0)
    drain(client, time.monotonic() + 60, first_message=True)  # model load and the first message
    for _ in range(args.rounds):
        if time.monotonic() > deadline or client.poll() is not None:
            break
        drain(client, time.monotonic() + rng.uniform(0.3, 1.5))
        if rng.random() < 0.5:
            kills["server"] += kill_server(data_dir)
        else:
            client.kill()
            client.wait()
            kills["client"] += 1
            client = start_client(max(confirmed - rng.randint(0, 5), 0))  # replay a few
    drain(client, deadline)
    client.wait(timeout=60) if client.poll() is None else None
    finished = client.returncode == 0

    from fact_memory_graph import FactMemory
    from fact_memory_graph.testing import ScriptedChatModel
    with FactMemory.open(data_dir=data_dir, llm=ScriptedChatModel()) as memory:
        facts = memory.facts.list("soak")
        per_claim = Counter(f.claim for f in facts)
        messages = memory.admin.stats("soak")["messages"]
        numbers = {int(re.search(r"\d+", c).group()) for c in per_claim}
    print(json.dumps({
        "messages_sent": args.messages, "client_finished": finished, "kills": dict(kills),
        "errors_seen_by_client_then_retried": dict(errors), "messages_processed": messages,
        "facts": len(facts), "duplicate_facts": sum(n - 1 for n in per_claim.values() if n > 1),
        "messages_without_their_fact": messages - len(numbers),
    }, indent=2))


if __name__ == "__main__":
    main()
