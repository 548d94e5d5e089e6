"""A LangChain 1.x agent (``create_agent``) with fact memory as middleware and tools.

- ``FactMemoryMiddleware`` recalls what is known about the user before the first model call and
  queues the conversation's new user messages after the reply (durable at once; extracted off the
  reply's path by this process's drainer, or ``fact-memory worker``).
- ``memory.as_tools()`` lets the agent search, remember, correct and forget facts itself; the
  user comes from the run's context, never from the model's arguments.

Run ``python examples/agent_middleware.py`` (offline: scripted models; set FACT_MEMORY_MODEL /
OPENAI_API_KEY to use a real one). Needs ``pip install "fact-memory-graph[agents]"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage

from fact_memory_graph import FactMemory
from fact_memory_graph.middleware import FactMemoryMiddleware


@dataclass
class Context:
    user_id: str


def build_agent(memory: FactMemory, chat_model: BaseChatModel) -> tuple[Any, FactMemoryMiddleware]:
    """The agent and its memory middleware (``middleware.flush(user_id)`` waits for the extraction)."""
    middleware = FactMemoryMiddleware(memory)
    agent = create_agent(chat_model, tools=memory.as_tools(), middleware=[middleware], context_schema=Context,
                         system_prompt="You are a helpful assistant who remembers the user.")
    return agent, middleware


def main() -> None:  # pragma: no cover - exercised by tests through build_agent
    from fact_memory_graph.settings import model_from_env
    from fact_memory_graph.testing import ScriptedAgentModel, ScriptedChatModel

    real = model_from_env()
    extractor = real or ScriptedChatModel(by_message={
        "I'm Sam and I'm allergic to penicillin.": [
            {"op": "add_durable", "category": "health", "claim": "allergic to penicillin"}]})
    chat = real or ScriptedAgentModel(replies=[
        AIMessage("Thanks Sam, noted."),
        AIMessage("", tool_calls=[{"name": "search_memory", "args": {"query": "allergies"}, "id": "c1"}]),
        AIMessage("Since you're allergic to penicillin, ask for an alternative antibiotic."),
    ])
    with FactMemory.open(llm=extractor) as memory:
        agent, middleware = build_agent(memory, chat)
        for text in ["I'm Sam and I'm allergic to penicillin.", "What should I tell my doctor?"]:
            out = agent.invoke({"messages": [HumanMessage(text)]}, context=Context(user_id="example-user"))
            middleware.flush("example-user")  # a script: wait for the extraction before the next turn
            print(f"user: {text}\nassistant: {out['messages'][-1].content}\n")


if __name__ == "__main__":
    main()
