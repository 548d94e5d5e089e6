"""One embedding per message: a turn through the README's layout embeds each new message once.

The recall composes its query vector from each recent message's own vector and the write path
(the queued turn, extracted by the drainer) composes its probe from the same messages' vectors,
so a message embedded by one is found by the other (and by the next turns' recalls) instead of
being embedded again. Counted with an Embeddings wrapper around the real local embedder.
"""

from __future__ import annotations

import asyncio
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


def test_a_messages_claims_are_embedded_once_each_and_never_get_another_texts_vector(
        db_url, embeddings, clock, user_id) -> None:
    """The claims' embedding (the dedup node): a text repeated among the ops is embedded once, a
    text the recall embedded as it is comes from the recall, and a text that differs from a kept
    key in any way (spaces, a full stop) is embedded itself: every vector is its own text's."""
    counting = CountingEmbeddings(embeddings)
    memory = FactMemory.open(db_url, embeddings=counting, llm=ScriptedChatModel(), clock=clock)
    try:
        ctx = memory.context
        ctx.embed_query("plays the cello")  # the recall embeds this text as it is
        assert message_key("plays the cello") == "plays the cello"
        counting.texts.clear()
        texts = ["plays the cello", "lives in Berlin", "lives in Berlin", " plays the cello", "plays the cello."]
        got = ctx.embed_texts(texts)
        assert counting.texts == ["lives in Berlin", " plays the cello", "plays the cello."]  # one call, each once
        assert got == [embeddings.embed_documents([t])[0] for t in texts]  # each text's own vector, bit for bit
        assert got[0] != got[4] and got[1] == got[2]
        counting.texts.clear()
        assert asyncio.run(ctx.aembed_texts(texts)) == got
        assert counting.texts == ["lives in Berlin", " plays the cello", "plays the cello."]
        assert ctx.embed_texts([]) == []
    finally:
        memory.close()


def test_the_write_path_embeds_a_claim_repeated_in_one_message_once(db_url, embeddings, clock, user_id) -> None:
    counting = CountingEmbeddings(embeddings)
    claim = "enjoys long bicycle rides"
    llm = ScriptedChatModel(responses=[[{"op": "add_durable", "category": "preference", "claim": claim},
                                        {"op": "add_current", "category": "working_on", "claim": claim}]])
    memory = FactMemory.open(db_url, embeddings=counting, llm=llm, clock=clock)
    try:
        counting.texts.clear()
        outcome = memory.remember(user_id, "I love long bicycle rides and I'm planning one now", message_id="m1")
        assert [a.claim for a in outcome.applied] == [claim, claim]  # two kinds: both stored
        assert Counter(counting.texts)[claim] == 1
    finally:
        memory.forget(user_id)
        memory.close()


def test_the_local_tokenizer_arrays_are_the_padded_batch_encoding() -> None:
    """The embedder pads the texts itself (one encode per text): the same ids and mask as the
    tokenizer's own batch padding, so the vectors are unchanged."""
    from importlib import resources

    from tokenizers import Tokenizer

    from fact_memory_graph.embeddings import MAX_TOKENS, _token_arrays

    path = str(resources.files("fact_memory_graph") / "assets" / "all-MiniLM-L6-v2.tokenizer.json")
    padded, plain = Tokenizer.from_file(path), Tokenizer.from_file(path)
    padded.enable_padding()
    padded.enable_truncation(MAX_TOKENS)
    plain.no_padding()
    plain.enable_truncation(MAX_TOKENS)
    for texts in (["one"], ["a short one", "a much longer text than the first, with more words in it"],
                  [" ", "ünïcødé 日本語 🎉", "word " * 400], ["x" * 3000, "y"]):
        enc = padded.encode_batch(texts)
        ids, mask = _token_arrays(plain, texts)
        assert ids.tolist() == [e.ids for e in enc] and mask.tolist() == [e.attention_mask for e in enc]
        assert ids.dtype == mask.dtype == np.int64
