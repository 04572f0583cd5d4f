"""Optional LLM engine (docs/architecture.md, "The engine"): revisions the playbook engine does not understand.

Any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama, llama.cpp server):

- ``REDPEN_LLM_BASE_URL``: e.g. ``http://localhost:11434/v1`` (``/chat/completions`` is added);
- ``REDPEN_LLM_MODEL``: the model name;
- ``REDPEN_LLM_API_KEY``: optional bearer token;
- ``REDPEN_LLM_TIMEOUT`` (seconds, default 20) and ``REDPEN_LLM_RETRIES`` (default 2).

The model may only propose *wording*: it answers strict JSON ``{"after": "...", "explanation":
"..."}``; the engine builds the edit itself on exactly the span the current proposal changes, so
the model cannot move an edit elsewhere. The answer is validated (a JSON object, a non-empty
bounded ``after``, and if it echoes ``before``, the same text). Time-outs, connection failures
and 5xx/429 responses are retried with a short back-off; anything still failing, any other HTTP
error and any malformed answer is a ``RevisionError`` (recoverable): never an applied edit.
Standard library only (``urllib``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, replace
from typing import Any

from documents.docx.model import Edit, TextModel
from playbooks.rules import PlaybookSpec
from review.engine.base import Engine, Proposal, RevisionError, RevisionRequest, RuleResult
from review.engine.draft import titled_wording
from review.engine.minimal import minimal_replace

MAX_AFTER_CHARS = 4000
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class LLMNotConfigured(RuntimeError):
    pass


@dataclass(frozen=True)
class LLMConfig:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 20.0
    retries: int = 2
    backoff: float = 0.5

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> LLMConfig | None:
        env = os.environ if environ is None else environ
        base_url = env.get("REDPEN_LLM_BASE_URL", "").strip()
        model = env.get("REDPEN_LLM_MODEL", "").strip()
        if not base_url or not model:
            return None
        return cls(
            base_url=base_url,
            model=model,
            api_key=env.get("REDPEN_LLM_API_KEY", "").strip(),
            timeout=float(env.get("REDPEN_LLM_TIMEOUT", "20")),
            retries=int(env.get("REDPEN_LLM_RETRIES", "2")),
        )

    @property
    def endpoint(self) -> str:
        url = self.base_url.rstrip("/")
        return url if url.endswith("/chat/completions") else f"{url}/chat/completions"


_SYSTEM = (
    "You revise one clause of a contract for a lawyer. Follow the lawyer's instruction and the "
    "playbook. Change only the text given as BEFORE. Answer with one JSON object and nothing else: "
    '{"after": "<the new text that replaces BEFORE>", "explanation": "<one sentence>"}.'
)


class LLMClient:
    def __init__(self, config: LLMConfig) -> None:
        self.config = config

    def _post(self, payload: dict[str, Any]) -> dict[str, Any]:
        data = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.config.api_key:
            headers["Authorization"] = f"Bearer {self.config.api_key}"
        attempts = self.config.retries + 1
        last_problem = ""
        for attempt in range(attempts):
            if attempt:
                time.sleep(self.config.backoff * attempt)
            request = urllib.request.Request(self.config.endpoint, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.config.timeout) as response:
                    body = response.read(1_000_000)
            except urllib.error.HTTPError as exc:
                last_problem = f"the language model service answered HTTP {exc.code}"
                if exc.code == 429 or exc.code >= 500:
                    continue
                raise RevisionError(f"Could not revise with the language model: {last_problem}.") from None
            except TimeoutError:
                last_problem = f"the language model did not answer within {self.config.timeout:g} s"
                continue
            except urllib.error.URLError as exc:
                if isinstance(exc.reason, (TimeoutError, socket.timeout)):
                    last_problem = f"the language model did not answer within {self.config.timeout:g} s"
                else:
                    last_problem = f"the language model service is unreachable ({exc.reason})"
                continue
            except OSError as exc:
                last_problem = f"the connection to the language model failed ({exc})"
                continue
            try:
                parsed = json.loads(body)
            except ValueError:
                raise RevisionError("The language model service sent a response that is not JSON.") from None
            if not isinstance(parsed, dict):
                raise RevisionError("The language model service sent an unexpected response.")
            return parsed
        raise RevisionError(f"Could not revise with the language model: {last_problem} (tried {attempts} times).")

    def complete_json(self, messages: list[dict[str, str]]) -> dict[str, Any]:
        payload = {
            "model": self.config.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {"type": "json_object"},
        }
        response = self._post(payload)
        try:
            content = response["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise RevisionError("The language model's response has no message content.") from None
        if not isinstance(content, str):
            raise RevisionError("The language model's response has no text content.")
        fenced = _FENCE.match(content)
        if fenced:
            content = fenced.group(1)
        try:
            answer = json.loads(content)
        except ValueError:
            raise RevisionError("The language model did not answer with valid JSON; nothing was changed.") from None
        if not isinstance(answer, dict):
            raise RevisionError("The language model's answer is not a JSON object; nothing was changed.")
        return answer


def _validate_after(answer: dict[str, Any], before: str) -> tuple[str, str]:
    after = answer.get("after")
    if not isinstance(after, str) or not after.strip():
        raise RevisionError('The language model\'s answer has no usable "after" text; nothing was changed.')
    after = after.strip()
    if len(after) > MAX_AFTER_CHARS or len(after) > max(1000, 5 * len(before)):
        raise RevisionError("The language model's proposed text is far longer than the clause; nothing was changed.")
    echoed = answer.get("before")
    if echoed is not None and (not isinstance(echoed, str) or " ".join(echoed.split()) != " ".join(before.split())):
        raise RevisionError("The language model tried to change different text than this recommendation; "
                            "nothing was changed.")  # fmt: skip
    explanation = answer.get("explanation", "")
    if not isinstance(explanation, str):
        explanation = ""
    return after, explanation.strip()[:500]


class LLMEngine:
    """The playbook engine, with an LLM for revision instructions it does not understand."""

    def __init__(self, config: LLMConfig, fallback: Engine) -> None:
        self.config = config
        self.fallback = fallback
        self.version = fallback.version
        self.client = LLMClient(config)

    def analyze(
        self, model: TextModel, playbook: PlaybookSpec, *, citation_label: str = "", parties: Any = None
    ) -> list[RuleResult]:
        return self.fallback.analyze(model, playbook, citation_label=citation_label, parties=parties)

    def reanchor(self, proposal: Proposal, model: TextModel) -> Proposal | None:
        return self.fallback.reanchor(proposal, model)

    def revise(self, request: RevisionRequest, model: TextModel) -> Proposal:
        try:
            return self.fallback.revise(request, model)
        except RevisionError:
            return self.revise_with_llm(request, model)

    def revise_with_llm(self, request: RevisionRequest, model: TextModel) -> Proposal:
        current = request.current
        edit = current.edit
        # The span the model rewrites: what the current proposal puts there (insert) or the
        # original text it replaces (replace, delete).
        before = current.after if edit.kind == "insert_after" else (current.before or edit.before)
        rule = request.rule
        history = "; ".join(f"{h.action}: {h.text}" for h in request.history if h.rule_id == rule.id and h.text)
        user = "\n".join(
            [
                f"RULE: {rule.id}: {rule.title}",
                f"GUIDANCE: {rule.guidance}",
                "PLAYBOOK POSITIONS (preferred first): " + " | ".join(rule.positions),
                f"BEFORE: {before}",
                f"CURRENT PROPOSAL: {current.after}",
                f"EARLIER DECISIONS: {history or 'none'}",
                f"INSTRUCTION: {request.instruction}",
            ]
        )
        answer = self.client.complete_json([{"role": "system", "content": _SYSTEM}, {"role": "user", "content": user}])
        after, why = _validate_after(answer, before)
        citation = request.citation or rule.id
        explanation = (
            f"{rule.title} ({citation}): revised as asked (\u201c{request.instruction}\u201d) with the help of a "
            f"language model ({self.config.model}); check the wording before accepting."
            + (f" Model's note: {why}" if why else "")
        )
        if edit.kind == "insert_after":
            new_edit = titled_wording(edit, after) if edit.title else replace(edit, after=after)
            return Proposal(action="insert", edit=new_edit, before="", after=new_edit.shown, explanation=explanation,
                            instruction=request.instruction)  # fmt: skip
        if edit.kind == "delete_paragraph":
            new_edit = Edit(kind="replace", locator=edit.locator, before=edit.before, after=after, start=0)
            return Proposal(action="replace", edit=new_edit, before=edit.before, after=after,
                            explanation=explanation, instruction=request.instruction)  # fmt: skip
        # A replace: rewrite the sentence the lawyer sees, on exactly its span in the paragraph.
        paragraph = model.get(edit.locator).text
        assert edit.start is not None
        sentence = current.before or edit.before
        start = paragraph.find(sentence, max(0, edit.start - len(sentence)))
        if start < 0 or not (start <= edit.start <= start + len(sentence)):
            sentence, start = edit.before, edit.start
        # Only the words that differ change; the clause number opening the sentence stays.
        new_edit = minimal_replace(edit.locator, start, sentence, after)
        assert new_edit.start is not None  # a replace always has its offset
        shown_after = sentence[: new_edit.start - start] + new_edit.after + sentence[
            new_edit.start - start + len(new_edit.before) :
        ]
        return Proposal(action="replace", edit=new_edit, before=sentence, after=shown_after, explanation=explanation,
                        instruction=request.instruction)  # fmt: skip
