"""One embedding per message: a turn through the README's layout embeds each new message once.

The recall composes its query vector from each recent message's own vector and the write path
(the queued turn, extracted by the drainer) composes its probe from the same messages' vectors,
so a message embedded by one is found by the other (and by the next turns' recalls) instead of
being embedded again. Counted with an Embeddings wrapper around the real local embedder.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, TypedDict

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.messages import AIMessage, AnyMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from fact_memory_graph import FactMemory
from fact_memory_graph.context import compose, message_key
from fact_memory_graph.testing import ScriptedChatModel


class CountingEmbeddings(Embeddings):
    """Every text handed to the embedder, in order (a wrapper: it names what it wraps)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.texts: list[str] = []

    @property
    def symmetric(self) -> bool:
        return bool(getattr(self.inner, "symmetric", False))

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        self.texts.append(text)
        return self.inner.embed_query(text)


class State(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict


TURNS = [
    ("I moved to Berlin last March", "Welcome to Berlin! How do you like it so far?"),
    ("I love it, and I started learning the cello", "A cello is a lovely instrument. Are you taking lessons?"),
    ("Yes, twice a week with a teacher called Mira", "Twice a week is a good pace. Enjoy the lessons with Mira!"),
    ("My sister Lena visits me in May", "How nice, I hope you two have a great time in May."),
]


def _readme_graph(memory: FactMemory, replies: list[str]) -> Any:
    def agent(state: State) -> dict[str, Any]:
        return {"messages": [AIMessage(replies.pop(0))]}

    builder = StateGraph(State)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_node("remember", memory.write_node())  # queued: the drainer extracts it
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    builder.add_edge("agent", END)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile(checkpointer=InMemorySaver())


def test_each_message_of_the_readme_layout_is_embedded_once(db_url, embeddings, clock, user_id) -> None:
    counting = CountingEmbeddings(embeddings)
    claims = [f"fact {n} of the conversation" for n in range(len(TURNS))]
    llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "preference", "claim": c} for c in claims[:1]],
                            responses=[[{"op": "add_durable", "category": "preference", "claim": c}] for c in claims])
    memory = FactMemory.open(db_url, embeddings=counting, llm=llm, clock=clock)
    try:
        graph = _readme_graph(memory, [reply for _, reply in TURNS])
        config = {"configurable": {"user_id": user_id, "thread_id": f"chat-{user_id}"}}
        messages: list[str] = []
        for said, reply in TURNS:
            graph.invoke({"messages": [("user", said)]}, config)
            memory.flush()
            messages += [said, reply]
            state = graph.get_state(config).values
            assert [m.content for m in state["messages"]] == messages  # the checkpointer keeps the turns
        assert state["memory_context"]  # the last turn's recall found the earlier turns' facts
        seen = Counter(counting.texts)
        # Every message of the conversation embedded exactly once, the last reply not yet (no turn
        # after it); nothing else embedded but the claims the write path stored and the store's
        # probe of the embedder at open.
        assert {m: seen[m] for m in messages[:-1]} == {m: 1 for m in messages[:-1]}
        assert seen[messages[-1]] == 0
        others = [t for t in counting.texts if t not in messages]
        assert not any(said in t for t in others for said, _ in TURNS)  # no joined query or probe text
        assert memory.context.recent_vectors.reused > 0
    finally:
        memory.forget(user_id)
        memory.close()


def test_a_composed_vector_is_the_length_weighted_sum_normalised(embeddings) -> None:
    texts = ["I moved to Berlin last March", "  Welcome to Berlin!  "]
    vectors = [embeddings.embed_query(message_key(t)) for t in texts]
    got = np.asarray(compose(vectors, [len(message_key(t)) for t in texts]))
    want = 28 * np.asarray(vectors[0]) + 18 * np.asarray(vectors[1])  # "Welcome to Berlin!": 18
    assert np.allclose(got, want / np.linalg.norm(want)) and compose(vectors[:1], [5]) == list(vectors[0])
