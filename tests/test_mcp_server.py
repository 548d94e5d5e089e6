"""``fact-memory mcp``: the memory over MCP, tested with the SDK's own client (in memory, over
stdio from the installed command, over streamable HTTP) and from a LangGraph agent through
``langchain-mcp-adapters``. The user comes from configuration or the bearer token, never from a
tool argument."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import httpx
import pytest
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client
from mcp.shared.memory import create_connected_server_and_client_session

from fact_memory_graph.mcp_server import build_server, http_app

from .live_server import serving

TOOLS = {"search_memory", "remember_fact", "list_facts", "correct_fact", "forget_fact"}


def _data(result) -> object:  # type: ignore[no-untyped-def]
    assert not result.isError, result.content
    if result.structuredContent is not None:
        return result.structuredContent.get("result", result.structuredContent)
    return json.loads(result.content[0].text)


async def test_the_sdk_client_lists_the_tools_and_uses_them_for_the_configured_user(memory, user_id: str) -> None:
    server = build_server(memory, user_id=user_id)
    async with create_connected_server_and_client_session(server._mcp_server) as client:
        tools = (await client.list_tools()).tools
        assert {t.name for t in tools} == TOOLS
        # No tool lets the model name the user.
        assert not any("user" in name for t in tools for name in t.inputSchema.get("properties", {}))
        added = _data(await client.call_tool("remember_fact", {"claim": "allergic to penicillin",
                                                               "category": "health"}))
        assert added["op"] == "add_durable"
        await client.call_tool("remember_fact", {"claim": "training for a marathon", "category": "working_on"})
        found = _data(await client.call_tool("search_memory", {"query": "what should the doctor know?"}))
        assert found["facts"][0]["claim"] == "allergic to penicillin"
        assert found["section"].startswith("## What I know about you")
        listed = _data(await client.call_tool("list_facts", {"kind": "current"}))
        assert [f["claim"] for f in listed] == ["training for a marathon"]
        fixed = _data(await client.call_tool("correct_fact", {"fact_id": added["fact_id"],
                                                              "claim": "allergic to penicillin and amoxicillin"}))
        assert fixed["claim"] == "allergic to penicillin and amoxicillin"
        gone = _data(await client.call_tool("forget_fact", {"fact_id": listed[0]["id"]}))
        assert gone == {"retracted": True}
        # A user id smuggled into the arguments changes nothing: the configured user is used.
        await client.call_tool("remember_fact", {"claim": "likes tea", "category": "preference",
                                                 "user_id": "someone-else"})
        resources = {str(r.uri) for r in (await client.list_resources()).resources}
        assert {"memory://profile", "memory://sections"} <= resources
        profile = (await client.read_resource("memory://profile")).contents[0].text
        assert "amoxicillin" in profile
        section = (await client.read_resource("memory://sections/any%20allergies")).contents[0].text
        assert "amoxicillin" in section
    claims = sorted(f.claim for f in memory.facts.list(user_id, status=["active"]))
    assert claims == ["allergic to penicillin and amoxicillin", "likes tea"]
    assert memory.facts.list("someone-else") == []
    notes = [a.note for a in memory.admin.audit(user_id)]
    assert any(n and n.startswith("mcp") for n in notes)  # the correction and the retraction say who
    memory.forget(user_id)


async def test_the_installed_command_serves_stdio(memory, db_url: str, user_id: str, tmp_path: Path) -> None:
    command = shutil.which("fact-memory", path=str(Path(os.sys.executable).parent))
    assert command, "the fact-memory entry point is installed with the project"
    env = {**os.environ, "FACT_MEMORY_DATABASE_URL": db_url}
    params = StdioServerParameters(command=command, args=["mcp", "--user", user_id], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.initialize()
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS
        _data(await client.call_tool("remember_fact", {"claim": "lives in Lyon", "category": "identity"}))
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Lyon"]
    memory.forget(user_id)


async def test_http_needs_a_token_and_each_token_is_one_user(memory, user_id: str) -> None:
    other = user_id + "-other"
    app = http_app(memory, {"token-a": user_id, "token-b": other})
    with serving(app, ready_path="/health-not-here") as base:
        async with httpx.AsyncClient() as raw:
            assert (await raw.post(base + "/mcp", json={})).status_code == 401
            assert (await raw.post(base + "/mcp", json={}, headers={"Authorization": "Bearer nope"})).status_code == 401
        for token, claim in (("token-a", "lives in Oslo"), ("token-b", "lives in Rome")):
            async with streamablehttp_client(base + "/mcp", headers={"Authorization": f"Bearer {token}"}) as (r, w, _), \
                    ClientSession(r, w) as client:
                await client.initialize()
                _data(await client.call_tool("remember_fact", {"claim": claim, "category": "identity"}))
                listed = _data(await client.call_tool("list_facts", {}))
                assert [f["claim"] for f in listed] == [claim]  # each sees only its own user
    assert [f.claim for f in memory.facts.list(user_id)] == ["lives in Oslo"]
    assert [f.claim for f in memory.facts.list(other)] == ["lives in Rome"]
    memory.forget(user_id)
    memory.forget(other)


class ToolCallingModel(GenericFakeChatModel):
    """A scripted chat model that issues the tool calls it is given, in order (an agent test's model)."""

    def bind_tools(self, tools, **kwargs):  # type: ignore[no-untyped-def,override]
        return self


async def test_a_langgraph_agent_remembers_and_recalls_through_the_adapters(memory, user_id: str) -> None:
    from langchain_mcp_adapters.client import MultiServerMCPClient

    other = user_id + "-other"
    memory.facts.add(other, "has a secret diagnosis", category="health", kind="durable")
    app = http_app(memory, {"agent-token": user_id})
    with serving(app, ready_path="/nothing") as base:
        client = MultiServerMCPClient({"memory": {"transport": "streamable_http", "url": base + "/mcp",
                                                  "headers": {"Authorization": "Bearer agent-token"}}})
        tools = await client.get_tools()
        assert {t.name for t in tools} == TOOLS
        model = ToolCallingModel(messages=iter([
            AIMessage("", tool_calls=[{"name": "remember_fact", "id": "c1", "type": "tool_call",
                                       "args": {"claim": "allergic to nuts", "category": "health"}}]),
            AIMessage("Noted."),
            # The model tries to reach another user: there is no argument for it.
            AIMessage("", tool_calls=[{"name": "search_memory", "id": "c2", "type": "tool_call",
                                       "args": {"query": "diagnosis allergies", "user_id": other}}]),
            AIMessage("You are allergic to nuts."),
        ]))
        agent = create_agent(model, tools)
        await agent.ainvoke({"messages": [("user", "Remember that I'm allergic to nuts.")]})
        out = await agent.ainvoke({"messages": [("user", "What am I allergic to?")]})
    recalled = [m for m in out["messages"] if m.type == "tool"][-1]
    text = recalled.content if isinstance(recalled.content, str) else json.dumps(recalled.content)
    assert "allergic to nuts" in text and "secret diagnosis" not in text
    assert [f.claim for f in memory.facts.list(user_id)] == ["allergic to nuts"]
    assert [f.claim for f in memory.facts.list(other)] == ["has a secret diagnosis"]
    memory.forget(user_id)
    memory.forget(other)


def test_http_refuses_other_addresses_without_a_token() -> None:
    import subprocess
    import sys

    command = str(Path(sys.executable).parent / "fact-memory")
    out = subprocess.run([command, "mcp", "--user", "u", "--transport", "http", "--host", "0.0.0.0"],
                         capture_output=True, text=True, timeout=60, env={**os.environ, "FACT_MEMORY_MCP_TOKEN": ""})
    assert out.returncode == 2 and "refusing to listen on 0.0.0.0" in out.stderr


# Loopback only: the test servers listen on 127.0.0.1 (the suite blocks every other host).
pytestmark = [pytest.mark.block_network(allowed_hosts=["127.0.0.1"]),
              pytest.mark.filterwarnings("ignore::DeprecationWarning")]
