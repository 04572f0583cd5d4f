"""The optional LLM engine against a local server speaking the chat-completions protocol."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from documents.docx.edit import apply_edit_to_model
from review.engine import get_engine
from review.engine.base import RevisionError, RevisionRequest
from review.engine.llm import LLMConfig, LLMEngine, LLMNotConfigured
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec

Behaviour = Callable[[dict, int], tuple[int, str, float]]  # (request, attempt) -> (status, body, delay)


class FakeLLM:
    def __init__(self) -> None:
        self.behaviour: Behaviour = lambda request, attempt: (200, completion({"after": "x"}), 0.0)
        self.requests: list[dict] = []
        self.headers: list[dict] = []

        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                fake.headers.append(dict(self.headers))
                status, text, delay = fake.behaviour(body, len(fake.requests))
                time.sleep(delay)
                data = text.encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"


def completion(answer: object) -> str:
    content = answer if isinstance(answer, str) else json.dumps(answer)
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]})


@pytest.fixture
def llm() -> Iterator[FakeLLM]:
    fake = FakeLLM()
    yield fake
    fake.server.shutdown()
    fake.server.server_close()


CONF = rule(id="confidentiality", find={"any": ["confidential"]}, check={"must_match": r"\beach party\b"},
            positions=["Each party shall protect Confidential Information."], guidance="Mutuality matters.")  # fmt: skip
MODEL = model_of("Vendor shall keep Confidential Information secret. Other text.")


def engine_for(fake: FakeLLM, timeout: float = 2.0, retries: int = 2) -> LLMEngine:
    config = LLMConfig(base_url=fake.url, model="test-model", api_key="sk-test", timeout=timeout, retries=retries,
                       backoff=0.01)  # fmt: skip
    return LLMEngine(config, fallback=PlaybookEngine())


def request(instruction: str = "make it friendlier to the vendor") -> RevisionRequest:
    (result,) = PlaybookEngine().analyze(MODEL, spec(CONF))
    return RevisionRequest(rule=CONF, current=result.recommendations[0], instruction=instruction,
                           citation="confidentiality @ v1")  # fmt: skip


def test_good_answer_becomes_a_proposal_on_the_same_span(llm: FakeLLM) -> None:
    llm.behaviour = lambda r, a: (200, completion({"after": "Each party shall use reasonable care.",
                                                   "explanation": "Softened."}), 0.0)  # fmt: skip
    current = request().current
    proposal = engine_for(llm).revise(request(), MODEL)
    assert proposal.after == "Each party shall use reasonable care."
    assert (proposal.edit.locator, proposal.edit.start, proposal.edit.before) == (
        current.edit.locator, current.edit.start, current.edit.before,
    )  # fmt: skip
    assert (
        apply_edit_to_model(MODEL, proposal.edit).get("p1").text == "Each party shall use reasonable care. Other text."
    )
    assert "language model" in proposal.explanation and "Softened." in proposal.explanation
    sent = llm.requests[0]
    assert sent["model"] == "test-model"
    assert "make it friendlier to the vendor" in sent["messages"][-1]["content"]
    assert llm.headers[0]["Authorization"] == "Bearer sk-test"


def test_fenced_json_is_accepted(llm: FakeLLM) -> None:
    llm.behaviour = lambda r, a: (200, completion('```json\n{"after": "Each party keeps it safe."}\n```'), 0.0)
    assert engine_for(llm).revise(request(), MODEL).after == "Each party keeps it safe."


def test_understood_instructions_do_not_call_the_llm(llm: FakeLLM) -> None:
    proposal = engine_for(llm).revise(request("replace with: Both keep secrets."), MODEL)
    assert proposal.after == "Both keep secrets."
    assert llm.requests == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (completion("this is not json"), "valid JSON"),
        (completion(["a list"]), "not a JSON object"),
        (completion({"text": "wrong key"}), '"after"'),
        (completion({"after": ""}), '"after"'),
        (completion({"after": 42}), '"after"'),
        (completion({"after": "x" * 5000}), "longer"),
        (completion({"after": "Fine.", "before": "Some other sentence."}), "different text"),
        (json.dumps({"unexpected": True}), "no message content"),
        ("<html>oops</html>", "not JSON"),
    ],
)
def test_malformed_output_is_a_revision_error(llm: FakeLLM, body: str, message: str) -> None:
    llm.behaviour = lambda r, a: (200, body, 0.0)
    with pytest.raises(RevisionError, match=message):
        engine_for(llm).revise(request(), MODEL)


def test_slow_server_times_out_after_retries(llm: FakeLLM) -> None:
    # The server answers each request after 10 s; the engine gives up on each after 0.2 s. That
    # it gave up (and did not wait for the answer) is the error's message and the bound below,
    # which is the server's delay, not a speed: a client that waited for either answer would
    # take at least that long, however quiet the machine.
    late = 10.0
    llm.behaviour = lambda r, a: (200, completion({"after": "late"}), late)
    started = time.perf_counter()
    with pytest.raises(RevisionError, match="did not answer within"):
        engine_for(llm, timeout=0.2, retries=1).revise(request(), MODEL)
    assert time.perf_counter() - started < late
    # Two attempts (the first and one retry): on a loaded machine the server's thread may read
    # the second one just after the client gave up on it, so wait for it to be counted.
    deadline = time.monotonic() + 30
    while len(llm.requests) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(llm.requests) == 2


def test_server_error_is_retried_then_reported(llm: FakeLLM) -> None:
    llm.behaviour = lambda r, a: (500, '{"error": "boom"}', 0.0)
    with pytest.raises(RevisionError, match="HTTP 500"):
        engine_for(llm, retries=2).revise(request(), MODEL)
    assert len(llm.requests) == 3


def test_retry_succeeds_after_a_transient_error(llm: FakeLLM) -> None:
    llm.behaviour = lambda r, a: (503, "{}", 0.0) if a == 1 else (200, completion({"after": "Each party: care."}), 0.0)
    assert engine_for(llm).revise(request(), MODEL).after == "Each party: care."
    assert len(llm.requests) == 2


def test_client_error_is_not_retried(llm: FakeLLM) -> None:
    llm.behaviour = lambda r, a: (401, '{"error": "bad key"}', 0.0)
    with pytest.raises(RevisionError, match="HTTP 401"):
        engine_for(llm).revise(request(), MODEL)
    assert len(llm.requests) == 1


def test_unreachable_server_is_a_revision_error() -> None:
    config = LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", timeout=0.5, retries=0)
    with pytest.raises(RevisionError, match=r"unreachable|did not answer|failed"):
        LLMEngine(config, fallback=PlaybookEngine()).revise(request(), MODEL)


def test_configuration_from_the_environment(monkeypatch: pytest.MonkeyPatch, llm: FakeLLM) -> None:
    monkeypatch.delenv("REDPEN_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("REDPEN_LLM_MODEL", raising=False)
    assert isinstance(get_engine(), PlaybookEngine)
    with pytest.raises(LLMNotConfigured):
        get_engine(use_llm=True)
    monkeypatch.setenv("REDPEN_LLM_BASE_URL", llm.url)
    monkeypatch.setenv("REDPEN_LLM_MODEL", "env-model")
    engine = get_engine()
    assert isinstance(engine, LLMEngine)
    assert engine.config.endpoint == f"{llm.url}/chat/completions"
    assert isinstance(get_engine(use_llm=False), PlaybookEngine)
    # Analysis stays deterministic: the playbook engine's.
    assert engine.analyze(MODEL, spec(CONF)) == PlaybookEngine().analyze(MODEL, spec(CONF))
