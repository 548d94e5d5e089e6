"""The agent middleware with langchain's create_agent: recall before the model, write after the
reply in the background; the user from the runtime context or the config."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import PrivateAttr

from fact_memory_graph import FactMemory
from fact_memory_graph.middleware import FactMemoryMiddleware
from fact_memory_graph.testing import ScriptedChatModel


class RecordingChat(BaseChatModel):
    """The agent's own model: answers "ok" and records what it was sent."""

    _seen: list[list[BaseMessage]] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "recording"

    def bind_tools(self, tools: Any, **kwargs: Any) -> RecordingChat:
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self._seen.append(messages)
        return ChatResult(generations=[ChatGeneration(message=AIMessage("ok"))])


@dataclass
class Ctx:
    user_id: str


def test_recall_before_the_model_and_remember_after(make_memory, user_id: str) -> None:
    extractor = ScriptedChatModel(by_message={"I moved to Lisbon": [
        {"op": "add_durable", "category": "identity", "claim": "lives in Lisbon"}]})
    memory: FactMemory = make_memory(extractor)
    memory.facts.add(user_id, "allergic to penicillin", kind="durable", category="health")
    chat = RecordingChat()
    middleware = FactMemoryMiddleware(memory)
    agent = create_agent(chat, tools=[], system_prompt="You are kind.", middleware=[middleware],
                         context_schema=Ctx)
    agent.invoke({"messages": [HumanMessage("I moved to Lisbon")]}, context=Ctx(user_id=user_id))
    system = chat._seen[0][0]
    assert isinstance(system, SystemMessage) and system.content.startswith("You are kind.")
    assert '"allergic to penicillin"' in system.content
    report = middleware.flush(user_id)
    assert report.processed == 1 and not report.failed
    assert {f.claim for f in memory.facts.list(user_id)} == {"allergic to penicillin", "lives in Lisbon"}


async def test_async_agent_with_the_user_in_the_config(make_memory, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel())
    memory.facts.add(user_id, "likes jazz", kind="durable", category="preference")
    chat = RecordingChat()
    middleware = FactMemoryMiddleware(memory)
    agent = create_agent(chat, tools=[], middleware=[middleware])
    await agent.ainvoke({"messages": [HumanMessage("any music tips?")]},
                        config={"configurable": {"user_id": user_id}})
    assert '"likes jazz"' in chat._seen[0][0].content
    report = await middleware.aflush(user_id)
    assert report.processed == 1 and not report.failed
