"""Author patterns run on a linear-time engine: accepted by its rules, not by a timer, and one
analysis does bounded pattern work (docs/playbook-format.md, "Patterns")."""

from __future__ import annotations

import pytest

from playbooks import rules as rules_module
from playbooks.loader import load_playbook
from playbooks.loader.issues import PlaybookInvalid
from playbooks.rules import ScanBudget, ScanBudgetExceeded, bounded_search, compile_pattern, pattern_problem
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec

HOSTILE = ".*.*.*[=%]{2}"


def playbook_with(pattern: str, *, count: int = 1, field: str = "find") -> str:
    quoted = pattern.replace("\\", "\\\\").replace('"', '\\"')
    body = ["name: Patterns", "rules:"]
    for index in range(count):
        body.append(f"  - id: r{index}")
        body.append(f"    title: Rule {index}")
        if field == "find":
            body.append(f'    find: {{regex: "{quoted}"}}')
            body.append("    check: {must_not_exist: true}")
        else:
            body.append('    find: {any: ["fee"]}')
            body.append(f'    check: {{must_not_match: "{quoted}"}}')
    return "\n".join(body) + "\n"


def refusals(source: str) -> list[str]:
    with pytest.raises(PlaybookInvalid) as info:
        load_playbook(source)
    return [str(issue) for issue in info.value.errors]


# --- what used to hold the analyser ------------------------------------------------------------


def test_forty_backtracking_rules_give_real_answers_on_a_hundred_paragraphs() -> None:
    # Each of these used to time out on every paragraph (and the analysis to run out of time);
    # on RE2 each rule finds the one paragraph that ends in "%%".
    spec_ = load_playbook(playbook_with(HOSTILE, count=40))
    texts = [f"Clause {i}: the Supplier shall deliver the goods " + "x = y " * 60 for i in range(99)]
    texts.append("The service credit is 5%% of the monthly fee.")
    results = PlaybookEngine().analyze(model_of(*texts), spec_)
    assert len(results) == 40
    assert {r.status for r in results} == {"issue"}
    assert {tuple(e.locator for e in r.evidence) for r in results} == {("p100",)}
    assert all(not r.message for r in results)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(a+)+$", (False, False, False)),
        (r"(x+x+)+y", (False, False, False)),
        (r"(\w+\s?)+$", (False, True, False)),
        (r"^(a|aa)+$", (False, False, False)),
        (HOSTILE, (False, False, False)),
    ],
)
def test_patterns_that_backtrack_elsewhere_are_accepted_and_answer_exactly(
    pattern: str, expected: tuple[bool, bool, bool]
) -> None:
    assert pattern_problem(pattern) is None
    load_playbook(playbook_with(pattern))
    # The texts that made them explode: a long run, then no match.
    texts = ("a" * 50_000 + "!", "x" * 50_000, "word " * 10_000 + "!")
    assert tuple(bounded_search(pattern, text) is not None for text in texts) == expected


def test_validation_is_the_engine_own_rules_not_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # 500 rules of the hostile pattern: accepted without running any probe, the same on a busy server.
    import time

    def no_clock() -> float:
        raise AssertionError("validation must not read a clock")

    monkeypatch.setattr(time, "perf_counter", no_clock)
    monkeypatch.setattr(time, "monotonic", no_clock)
    spec_ = load_playbook(playbook_with(HOSTILE, count=500))
    assert len(spec_.rules) == 500


# --- what RE2 cannot run is refused with what to write instead ---------------------------------


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"\b(shall|will)\b.*\b\1\b", "a backreference"),
        (r"(?P<verb>shall).*(?P=verb)", "a backreference"),
        (r"terminate(?!\s+for\s+cause)", "lookaround"),
        (r"(?<!not )terminate", "lookaround"),
        (r"(?=.*fees).*days", "lookaround"),
        (r"(?>fees)", "atomic groups"),
        (r"fees++", "possessive"),
        (r"(?x) fee s", "verbose"),
    ],
)
def test_backtracking_constructs_are_refused_naming_rule_field_line_and_an_alternative(
    pattern: str, words: str
) -> None:
    (message,) = refusals(playbook_with(pattern))
    assert message.startswith("rule r0, find.regex: ")
    assert message.endswith("(line 5)")
    assert words in message
    assert "linear-time" in message
    (message,) = refusals(playbook_with(pattern, field="check"))
    assert message.startswith("rule r0, check.must_not_match: ")
    assert message.endswith("(line 6)")


@pytest.mark.parametrize("pattern", [r"\(\?=literal", r"[(?!]x", r"a\+\+", r"price \\1"])
def test_escaped_lookalikes_are_ordinary_text(pattern: str) -> None:
    assert pattern_problem(pattern) is None


def test_syntax_errors_and_size_limits_are_refused() -> None:
    assert pattern_problem("invoice(") == "is not a valid regular expression: missing ): invoice("
    assert pattern_problem("a{1001}") == "is not a valid regular expression: invalid repetition size: {1001}"
    too_complex = pattern_problem(r"\p{L}{40}")
    assert too_complex is not None and too_complex.startswith("is too complex")
    assert pattern_problem("   ") == "must not be empty"
    assert pattern_problem("a" * 2001) == "is 2001 characters long; the limit is 2000"


def test_python_spellings_that_re2_writes_otherwise_still_work() -> None:
    assert bounded_search(r"fees\Z", "no fees") is not None
    assert bounded_search(r"fees\Z", "fees no") is None
    assert bounded_search(r"caf\u00e9", "CAFÉ") is not None


# --- matching behaves as before ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        (r"\bdays?\b", "Thirty DAYS", True),
        (r"\bdays?\b", "Sundays", False),
        ("société", "SOCIÉTÉ GÉNÉRALE", True),
        ("straße", "STRASSE", False),  # simple case folding, as before: ß is not ss
        ("\u017f", "S", True),  # long s folds to s, as before
        (r"notice[^.;]{0,60}?\(\s*9\d\s*\)", "on NOTICE of ninety (90) days", True),
        (r"\d+\s*%", "a fee of 5 % a month", True),
    ],
)
def test_case_insensitive_matching_as_before(pattern: str, text: str, matches: bool) -> None:
    assert (bounded_search(pattern, text) is not None) is matches


# --- one analysis does bounded work ------------------------------------------------------------


def test_the_budget_counts_text_times_program_and_refuses_past_its_limit() -> None:
    budget = ScanBudget(limit=1_000)
    compiled = compile_pattern("fees")
    bounded_search(compiled, "x" * (1_000 // compiled.programsize), budget)
    assert budget.spent == (1_000 // compiled.programsize) * compiled.programsize
    with pytest.raises(ScanBudgetExceeded, match="more than 1,000 steps"):
        bounded_search(compiled, "x" * 100, budget)


def test_an_analysis_past_its_budget_says_which_rules_were_not_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_module, "ANALYSIS_SCAN_BUDGET", 0)
    patterned = rule(id="patterned", find={"regex": r"\bfees\b"}, check={"must_exist": True}, positions=["P."])
    plain = rule(id="plain", find={"any": ["fees"]}, check={"must_not_exist": True})
    results = PlaybookEngine().analyze(model_of("The fees are due."), spec(patterned, plain))
    assert results[0].status == "not_found"
    assert results[0].message.startswith("Rule patterned could not be checked: this analysis stopped running patterns")
    assert "steps on this contract" in results[0].message
    # A rule without patterns still runs.
    assert results[1].status == "issue"


def test_a_stored_pattern_re2_refuses_is_a_per_rule_message() -> None:
    # A version stored before patterns ran on RE2 may hold a lookahead.
    old = rule(id="old", find={"regex": r"terminat(?!ion)"}, check={"must_exist": True}, positions=["P."])
    plain = rule(id="plain", find={"any": ["fees"]}, check={"must_not_exist": True})
    results = PlaybookEngine().analyze(model_of("The fees are due."), spec(old, plain))
    assert results[0].status == "not_found"
    assert "lookaround" in results[0].message and "Correct it in the playbook" in results[0].message
    assert results[1].status == "issue"
