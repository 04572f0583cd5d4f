"""The corpus run of "every edit proven before it is offered": each library playbook on
the contracts it fits, accept-all in process, and the edit checker on every proposal and every
applied edit.

    nice -n 10 python bench/bench_redlines.py --jobs 2                 # writes bench/results/redlines.json
    nice -n 10 python bench/bench_redlines.py --jobs 2 --out redlines-before.json
    python bench/bench_redlines.py --limit 40 --only saas-customer      # a quick loop
    python bench/bench_redlines.py --write-readme                        # also rewrites its README section

The contracts: every .docx of ../shared/data's cuad/, forms/ and ndas/, and the cuad-train texts
written as a .docx of one paragraph per line (``bench/analysis_identity.py``'s writer, the same
file every run). Which playbooks fit a contract is read from the contract itself (``fits``): its
title (the heading it sets as its title, else the clause model's "Document Name" passage, else its
first heading-like line) and its
clause map. ``cuad-coverage`` fits every contract.

Per contract and playbook: the engine's analysis (``PlaybookEngine.analyze``), then every
recommendation in rule order as ``review --decide accept-all`` takes it: a proposal the checker
holds back (``needs_wording``, or any defect ``check_edit`` finds before it is applied) is not
applied; the others are re-pointed at the current text the way the workflow does
(``documents.docx.rebase.rebase`` for a replacement, the engine's ``reanchor`` otherwise), applied
with ``apply_edit_to_model`` and checked again with the edited text (``applied=``). Printed per
playbook: findings (issue + missing), proposals, proposals held back, findings offered as one click,
edits applied, edits that no longer applied (superseded), and the defects by class, both in held
back proposals and in applied edits.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
LIBRARY = ROOT / "playbooks" / "library"
PLAYBOOKS = ("saas-customer", "mutual-nda", "cuad-coverage")
RESULTS = ROOT / "bench" / "results"

# What a contract's title says it is. Checked on the title only, so "confidential" in a body
# clause never makes a supply agreement an NDA.
# "Confidential" alone is EDGAR's legend ("Exhibit 10.18 Confidential EXECUTION COPY", "CONFIDENTIAL
# INFORMATION (INDICATED BY {*****}) HAS BEEN OMITTED") on a distribution or development agreement:
# an NDA's title names the agreement ("Confidentiality Agreement", "Confidential Disclosure Agreement").
_NDA = re.compile(
    r"non[- ]?disclosure|confidentiality|confidential\s+(?:disclosure|information)\s+agreement|secrecy|\bNDA\b",
    re.I,
)
_SAAS = re.compile(
    r"software|\bsaas\b|subscription|cloud|hosting|licen[cs]e|development|services?\b|maintenance|"
    r"support|outsourc|consult|web ?site|internet|e-?commerce|application|technology|pilot|design partner",
    re.I,
)
_NDA_OPENING = re.compile(r"non[- ]?disclosure|\bNDA\b|confidentiality\s+agreement|secrecy", re.I)
# What ``saas-customer`` is not for, although the title says "services", "licence", "development" or
# "maintenance" (docs/decisions/redlines-qa.md, "Round 5: the playbook's fit"): a licence of a
# trademark, a name or content (what is licensed is no software and no service: a warranty that the
# "Services" perform, an indemnity that they infringe, have nothing to attach to); a capital
# maintenance (keep-well) undertaking; sponsored research (a university's research and a licence of its
# patents: no service performs, nothing is hosted); an amendment (it changes an agreement that is not before us,
# whose clauses a clause "missing" from the amendment would duplicate); a document explaining a form.
_NOT_SAAS_TITLE = re.compile(
    r"trade\s*mark|trade\s+name|\bbrand\b|domain\s+name|\bcontent\b|\brecipe\b|"
    r"capital\s+maintenance|keep[- ]?well|\bamendment\b|sponsored\s+research|research\s+collaboration",
    re.I,
)
_EXPLAINER = re.compile(r"\bexplainer\b|\buser\s+guide\b|\bfrequently\s+asked\b", re.I)
# A news release about an agreement ("United National Bancorp Enters Into Outsourcing Agreement"),
# filed as an exhibit: not the agreement.
_NEWS = re.compile(r"\b(?:enters?\s+into|announces?|signs|to\s+acquire)\b", re.I)
# An amendment's own heading in capitals at the top of what the title line missed ("EXHIBIT C FORM
# OF SUBLICENSE ... FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT"): the document amends another.
_AMENDMENT_HEADING = re.compile(r"\bAMENDMENT\s+(?:NO\.\s*\d+\s+)?TO\b")
# A services agreement whose services are people: the provider employs or seconds staff who run the
# other party's business (an affiliate's "Services Employees", a secondment, a staffing agreement).
# The SaaS positions (the service performs as documented, it does not infringe) do not fit work
# done by another's employees under the other's direction. Read in the opening (title, preamble,
# recitals, first clause), where such an agreement says what its services are.
_STAFFING = re.compile(
    r"\b(?:employs\s+(?:certain\s+)?(?:individuals|employees|personnel)|seconded\s+(?:employees|personnel|staff)|"
    r"secondment|staffing\s+services|leased\s+employees|services\s+employees|provision\s+of\s+personnel)\b",
    re.I,
)
_COMPANY = re.compile(r"\b(?:Co\.|Ltd\.?|Inc\.?|Corp\.?|Corporation|LLC|L\.L\.C\.|GmbH|AG|S\.A\.|B\.V\.|plc)\s*$")
_TITLE_LINE = re.compile(r"\b(agreement|contract|terms|licen[cs]e|addendum|order form)\b", re.I)


# A passage the clause model reads as the title that is none: a question ("What happens if it's
# below 99.99%?"), a clause's heading ("General."), a sentence ("You can track all changes made
# since mid-2018 on GitHub.").
_NO_TITLE = re.compile(r"\?\s*$|^\w+\.$|^[A-Z][a-z']*(?:\s+[a-z][\w'-]*){2}\b.*\.$")


_NUMBERED = re.compile(r"^(?:\(?(?:[A-Za-z]|\d{1,3}(?:\.\d{1,3})*|[IVXivx]{1,5})[.)]|\d{1,3}(?:\.\d{1,3})+)\s")
_SMALL_WORDS = frozenset({"and", "of", "for", "the", "to", "on", "in", "&", "-", "a", "an", "with", "between"})
# A line that is a sentence or a fragment of one, not a title: a definition ('"Microsoft NDA" means
# ...'), a parenthesis ('(collectively, "Stripe Terms")'), a verb of obligation or being.
_NO_TITLE_LINE = re.compile(r"^[(a-z]|\b(?:means|shall|will|is|are|has|have|may|must)\b")
# (The clause model's passage is cut at its first "Agreement": "This Software License Agreement is
# made ..." gives its title, so only a list item or a numbered heading is refused there.)


def _title_cased(text: str) -> bool:
    """Written as a title: in capitals, or every word but the small ones capitalised ("Full service
    agreement" is a phrase, not a title)."""
    words = re.findall(r"[A-Za-z][\w'-]*", text.split(" (")[0])
    return text.isupper() or all(w[:1].isupper() or w in _SMALL_WORDS for w in words)


def _listed(model: Any, locator: str) -> bool:
    index = model.positions.get(locator)
    return index is not None and bool(model.paragraphs[index].num_id)


def title_of(model: Any) -> str:
    """The contract's title: the heading it sets as its title (``contracts.title.heading_title``),
    else the clause model's "Document Name" passage, else the first of its opening lines that
    names an agreement."""
    from contracts.clauses import ModelMissing, detect_type
    from contracts.title import heading_title

    heading = heading_title(model)
    if heading:
        return heading
    try:
        named = detect_type(model, "document-name")
    except ModelMissing:
        named = []
    # A clause's numbered heading ("2. PURPOSE AND LICENSE GRANT") or an item of a list ("(c) combine
    # any GitHub Mark ...", a bulleted "The Stripe Connected Account Agreement") is no title.
    named = [p for p in named if not _listed(model, p.locator) and not _NUMBERED.match(p.text.strip())]
    if named:
        # The passage may run on into the preamble: the title ends with its first "Agreement".
        text = " ".join(named[0].text.split())
        match = re.search(
            r"\b(?:agreement|contract|terms(?: and conditions| of service| of use)?|licen[cs]e|addendum)\b", text, re.I
        )
        if match and match.end() <= 200:
            return text[: match.end()]
        if not _NO_TITLE.search(text):
            return text[:120]
    for paragraph in model.paragraphs[:25]:
        text = paragraph.text.strip()
        if paragraph.num_id or _NUMBERED.match(text) or _NO_TITLE_LINE.search(text):
            continue
        if not _title_cased(text):
            continue
        if text and len(text) < 160 and _TITLE_LINE.search(text):
            return text
    return ""


def fits(model: Any) -> tuple[str, list[str]]:
    """(title, the library playbooks that fit the contract)."""
    from contracts.clauses import ModelMissing, detect_type

    title = title_of(model)
    if _COMPANY.search(title):
        title = ""  # a party's name read as the title ("Xi'an ... Technology Co., Ltd."): no title
    fitting = []
    if _NDA.search(title) and not re.search(r"licen[cs]e|services|supply|distribut", title, re.I):
        fitting.append("mutual-nda")
    elif _SAAS.search(title):
        opening = " ".join(p.text for p in model.paragraphs[:60])[:3000]
        if not _NOT_SAAS_TITLE.search(title) and not _NEWS.search(title) and not _EXPLAINER.search(opening[:300]) \
                and not _AMENDMENT_HEADING.search(opening[:800]) and not _STAFFING.search(opening):
            fitting.append("saas-customer")
    else:
        # The title does not say (a project name, a cover page): the clause map and the opening
        # decide. A licence grant reads as a licence; an opening that names a non-disclosure or
        # confidentiality agreement, with no licence grant, as an NDA (not EDGAR's "CONFIDENTIAL
        # TREATMENT" legend on a supply agreement).
        try:
            licence = bool(detect_type(model, "license-grant"))
        except ModelMissing:
            licence = False
        opening = " ".join(p.text for p in model.paragraphs[:40])[:800]  # the title and the preamble
        if licence and not title:
            fitting.append("saas-customer")
        elif not licence and _NDA_OPENING.search(opening) and len(model.paragraphs) < 400:
            fitting.append("mutual-nda")
    fitting.append("cuad-coverage")
    return title, fitting


def contract_paths(limit: int | None) -> list[Path]:
    from analysis_identity import contracts  # the same .docx of each cuad-train text

    found = [p for p in contracts("all") if "fixtures" not in p.parts]
    if limit:
        # An even spread, so a quick loop sees every kind of contract.
        step = max(1, len(found) // limit)
        found = found[::step][:limit]
    return found


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


_SPECS: dict[str, Any] = {}


def spec_of(name: str) -> Any:
    from playbooks.loader import load_playbook

    if name not in _SPECS:
        _SPECS[name] = load_playbook((LIBRARY / f"{name}.yaml").read_bytes())
    return _SPECS[name]


def _checker() -> Any:
    """``check_edit`` of the edit checker, None while it is not there (today's engine)."""
    for module in ("review.engine.verify", "review.engine.proof"):
        try:
            found = __import__(module, fromlist=["check_edit"])
        except ImportError:
            continue
        if hasattr(found, "check_edit"):
            return found.check_edit
    return None


@dataclass
class Tally:
    findings: int = 0
    flagged: int = 0
    proposals: int = 0
    held: int = 0
    offered_findings: int = 0
    applied: int = 0
    superseded: int = 0
    held_later: int = 0  # worked out afresh after earlier edits, then held back by the checker
    failed: int = 0
    applied_with_defects: int = 0
    held_kinds: Counter = field(default_factory=Counter)
    applied_kinds: Counter = field(default_factory=Counter)
    examples: list = field(default_factory=list)


def _defects(check: Any, **kwargs: Any) -> tuple[Any, ...]:
    if check is None:
        return ()
    try:
        return tuple(check(**kwargs))
    except Exception as exc:  # the checker failing is a finding of the run, not a crash
        return (type("Crash", (), {"kind": "checker-error", "message": repr(exc)})(),)


def _reresolved(engine: Any, spec: Any, rule: Any, proposal: Any, current: Any, parties: Any,
                steps: list[Any]) -> Any:
    from documents.docx.rebase import keep_accepted, written_spans
    from playbooks.rules import PlaybookSpec
    from review.engine import minimal

    if rule is None:
        return None
    results = engine.analyze(current, PlaybookSpec(name=spec.name, rules=(rule,), party=spec.party), parties=parties)
    candidates = [p for r in results for p in r.recommendations]
    if not candidates:
        return None
    same_place = [p for p in candidates if p.edit.locator == proposal.edit.locator]
    found = (same_place or candidates)[0]
    if found.edit.kind != "replace" or found.action == "insert":
        return found
    kept = keep_accepted(found.edit, written_spans(steps), current)
    if not kept.dropped:
        return found
    return None if kept.edit is None else minimal.shown(found, kept.edit, current)


_PAYS = r"(?:shall|will|agrees\s+to|must)\s+(?:promptly\s+)?(?:pay|remit|reimburse)"
_SERVES = r"(?:shall|will|agrees\s+to|must)\s+(?:provide|perform|deliver|supply|develop|host|license|grant)"


def side_answer(model: Any, side_word: str, candidates: list[Any]) -> Any:
    """The party a lawyer using the playbook would say is ours, when the upload asks
    (``review.workflow.side_candidates``): the candidate whose own role word (any of its defined
    names) is the playbook's side ("Licensee" for ``customer``); else, for a side with a role, the
    candidate the contract has paying most and serving least (the customer pays, the provider
    provides; the reverse for ``provider``); else the first, as the upload lists them."""
    from contracts.parties import role_side

    side = role_side(side_word)
    if not side:
        return candidates[0]
    for party in candidates:
        if any(role_side(name) == side for name in (party.defined, *party.also)):
            return party
    text = model.text

    def pays(party: Any) -> int:
        names = "|".join(re.escape(n) for n in (party.defined, *party.also) if n.strip())
        paying = len(re.findall(rf"(?<!\w)(?:{names})\s+{_PAYS}", text))
        serving = len(re.findall(rf"(?<!\w)(?:{names})\s+{_SERVES}", text))
        return paying - serving

    ranked = sorted(candidates, key=pays, reverse=(side == "customer"))
    return ranked[0] if pays(ranked[0]) != pays(ranked[-1]) else candidates[0]


def parties_as_answered(model: Any, spec: Any) -> tuple[Any, bool]:
    """(the Parties the analysis runs with, whether the side was asked): as the upload does
    (review/views/reviews.py): when ``side_candidates`` is not empty the lawyer is asked which
    party is ours before the analysis, and ``side_chosen`` gives the parties of the answer."""
    from contracts.naming import Parties
    from contracts.naming import detect as detect_parties
    from review.workflow import side_candidates, side_chosen

    side_word = spec.party
    candidates = side_candidates(model=model, side_word=side_word, playbook=spec)
    if not candidates:
        return detect_parties(model, side_word), False
    ours = side_answer(model, side_word, candidates)
    chosen = Parties.from_dict(side_chosen(model=model, side_word=side_word, playbook=spec, ours=ours.defined))
    assert chosen is not None
    return chosen, True


def ours_for(path: Path, spec: Any) -> str:
    """``review --ours``'s answer for a contract, as ``parties_as_answered`` gives it ("" when the
    contract says which party is ours): for the benches that run the headless command."""
    from documents.docx.textmodel import build_text_model
    from review.workflow import side_candidates

    model = build_text_model(Path(path).read_bytes())
    candidates = side_candidates(model=model, side_word=spec.party, playbook=spec)
    return side_answer(model, spec.party, candidates).defined if candidates else ""


def review_one(job: tuple[str, str]) -> dict[str, Any]:
    from documents.docx.edit import EditError, apply_edit_to_model
    from documents.docx.rebase import Step, rebase
    from documents.docx.textmodel import build_text_model
    from review.engine import minimal
    from review.engine.playbook import PlaybookEngine

    path, name = job
    started = time.perf_counter()
    model = build_text_model(Path(path).read_bytes())
    spec = spec_of(name)
    engine = PlaybookEngine()
    check = _checker()
    parties, asked = parties_as_answered(model, spec)
    results = engine.analyze(model, spec, parties=parties)
    # Each rule as the engine runs it: written with this contract's parties (contracts/naming.py).
    from contracts.document import structure_of
    from contracts.naming import render_rule

    structure = structure_of(model)
    rules = {r.id: render_rule(r, parties, structure) for r in spec.rules}
    t = Tally()
    current = model
    steps: list[Step] = []
    for result in results:
        if result.status not in ("issue", "missing"):
            continue
        t.findings += 1
        rule = rules.get(result.rule_id)
        if rule is not None and rule.flag_only:
            t.flagged += 1  # reported for the lawyer, by the playbook's design no edit
        offered = False
        for proposal in result.recommendations:
            t.proposals += 1
            defects = tuple(getattr(proposal, "defects", ()) or ())
            if not defects:
                defects = _defects(check, model=model, proposal=proposal, rule=rule, parties=parties)
            if defects or getattr(proposal, "needs_wording", False):
                t.held += 1
                t.held_kinds.update({d.kind for d in defects} or {"needs-wording"})
                t.examples.append({"rule": result.rule_id, "stage": "held", "after": proposal.after[:300],
                                   "defects": [[d.kind, d.message] for d in defects]})
                continue
            offered = True
            edit = proposal.edit
            anchored = proposal
            if steps:
                if edit.kind == "replace" and proposal.action != "insert":
                    rebased = rebase(edit, steps, current)
                    anchored = minimal.shown(proposal, rebased.edit, current) if rebased.edit is not None else None
                else:
                    anchored = engine.reanchor(proposal, current)
            if anchored is None:
                # As the workflow does (review/workflow/proposals.py ``reresolve``): the rule
                # worked out afresh on the current text, keeping the words accepted edits wrote.
                anchored = _reresolved(engine, spec, rule, proposal, current, parties, steps)
                if anchored is not None:
                    again = tuple(getattr(anchored, "defects", ()) or ()) or _defects(
                        check, model=current, proposal=anchored, rule=rule, parties=parties)
                    if again or getattr(anchored, "needs_wording", False):
                        t.held_later += 1
                        continue
            if anchored is None:
                t.superseded += 1
                continue
            try:
                after = apply_edit_to_model(current, anchored.edit)
            except EditError:
                t.failed += 1
                continue
            t.applied += 1
            found = _defects(check, model=current, proposal=anchored, applied=after, rule=rule, parties=parties)
            if found:
                t.applied_with_defects += 1
                t.applied_kinds.update(d.kind for d in found)
                t.examples.append({"rule": result.rule_id, "stage": "applied", "after": anchored.after[:300],
                                   "defects": [[d.kind, d.message] for d in found]})
            steps.append(Step(anchored.edit))
            current = after
        if offered:
            t.offered_findings += 1
    data = {k: v for k, v in t.__dict__.items() if not isinstance(v, Counter)}
    data["held_kinds"] = dict(t.held_kinds)
    data["applied_kinds"] = dict(t.applied_kinds)
    data["seconds"] = round(time.perf_counter() - started, 2)
    data["side_asked"] = asked
    return {"contract": path, "playbook": name, **data}


def _key(path: str) -> str:
    p = Path(path)
    return f"<repo>/{p.relative_to(ROOT)}" if ROOT in p.parents else str(p.relative_to(ROOT.parent))


def classify(path: str) -> tuple[str, str, list[str]]:
    from documents.docx.textmodel import build_text_model

    title, fitting = fits(build_text_model(Path(path).read_bytes()))
    return path, title, fitting


def run(limit: int | None, jobs: int, only: list[str]) -> dict[str, Any]:
    paths = [str(p) for p in contract_paths(limit)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_setup) as pool:
        fitted = list(pool.map(classify, paths, chunksize=4))
        work = [(path, name) for path, _, fitting in fitted for name in fitting if not only or name in only]
        # The longest first (cuad-coverage has the most rules), so no worker idles at the end.
        work.sort(key=lambda j: j[1] != "cuad-coverage")
        rows = list(pool.map(review_one, work, chunksize=2))
    for row in rows:
        row["contract"] = _key(row["contract"])
    return {
        "contracts": {_key(path): {"title": title, "fits": fitting} for path, title, fitting in fitted},
        "runs": rows,
        "checker": _checker() is not None,
    }


COUNTS = ("findings", "flagged", "proposals", "held", "offered_findings", "applied", "superseded", "failed",
          "held_later", "applied_with_defects")


def totals(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for row in data["runs"]:
        t = out.setdefault(row["playbook"], {"contracts": 0, **dict.fromkeys(COUNTS, 0),
                                             "held_kinds": Counter(), "applied_kinds": Counter()})
        t["contracts"] += 1
        t["side_asked"] = t.get("side_asked", 0) + int(bool(row.get("side_asked")))
        for key in COUNTS:
            t[key] += row[key]
        t["held_kinds"].update(row["held_kinds"])
        t["applied_kinds"].update(row["applied_kinds"])
    return out


def table(data: dict[str, Any]) -> str:
    lines = ["| playbook | contracts | findings | flag-only | proposals | held back (per 100) | findings one click "
             "(of all / of those with an edit to offer) | applied | superseded | applied with defects |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    kinds = ["", "| playbook | where | defect class | count |", "|---|---|---|--:|"]
    for name, t in sorted(totals(data).items()):
        per100 = 100 * t["held"] / t["proposals"] if t["proposals"] else 0.0
        share = 100 * t["offered_findings"] / t["findings"] if t["findings"] else 0.0
        editable = t["findings"] - t["flagged"]
        share_editable = 100 * t["offered_findings"] / editable if editable else 0.0
        lines.append(f"| {name} | {t['contracts']} ({t.get('side_asked', 0)} asked) | {t['findings']} | "
                     f"{t['flagged']} | {t['proposals']} | "
                     f"{t['held']} ({per100:.1f}) | {t['offered_findings']} ({share:.0f}% / {share_editable:.0f}%) | "
                     f"{t['applied']} | {t['superseded'] + t['failed'] + t['held_later']} | "
                     f"{t['applied_with_defects']} |")
        for where, key in (("held back", "held_kinds"), ("applied", "applied_kinds")):
            for kind, count in t[key].most_common():
                kinds.append(f"| {name} | {where} | {kind} | {count} |")
    return "\n".join(lines + kinds)


_ROLE_TERM = re.compile(r"speaks of \u201c([^\u201d]+)\u201d")


def _waiting_for_side(example: dict[str, Any]) -> bool:
    """A held-back proposal whose only defects are role words ("Provider", "Customer") standing for
    a party the contract names otherwise: which party is ours is not known, and the review page
    asks the lawyer once (contracts/parties.py); the wording then speaks the contract's names."""
    from contracts.parties import CUSTOMER_ROLES, PROVIDER_ROLES

    roles = {w.lower() for w in (*PROVIDER_ROLES, *CUSTOMER_ROLES, "vendor")}
    defects = example["defects"]
    if not defects or any(kind != "undefined-term" for kind, _ in defects):
        return False
    terms = [m.group(1) for _, message in defects for m in [_ROLE_TERM.search(message)] if m]
    return len(terms) == len(defects) and all(t.lower() in roles for t in terms)


def _figures(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = totals(data)
    for row in data["runs"]:
        t = out[row["playbook"]]
        t["unsided"] = t.get("unsided", 0) + sum(
            1 for e in row["examples"] if e["stage"] == "held" and _waiting_for_side(e)
        )
    every = {"contracts": 0, **dict.fromkeys(COUNTS, 0), "unsided": 0, "held_kinds": Counter(),
             "applied_kinds": Counter()}
    for t in out.values():
        every["contracts"] += t["contracts"]
        for key in (*COUNTS, "unsided", "side_asked"):
            every[key] = every.get(key, 0) + t.get(key, 0)
        every["held_kinds"].update(t["held_kinds"])
        every["applied_kinds"].update(t["applied_kinds"])
    out["all three"] = every
    return out


def comparison(before: dict[str, Any], after: dict[str, Any]) -> str:
    """Today's figures (before) beside the new ones, per playbook, and the issue's three targets."""
    b, a = _figures(before), _figures(after)
    rows = []
    for name in ("saas-customer", "mutual-nda", "cuad-coverage", "all three"):
        x, y = b.get(name), a.get(name)
        if x is None or y is None:
            continue

        def per100(t: dict[str, Any]) -> str:
            if not t["proposals"]:
                return "-"
            held, unsided = t["held"], t.get("unsided", 0)
            return f"{100 * held / t['proposals']:.1f} ({100 * (held - unsided) / t['proposals']:.1f})"

        def share(t: dict[str, Any]) -> str:
            editable = t["findings"] - t["flagged"]
            whole = 100 * t["offered_findings"] / t["findings"] if t["findings"] else 0
            part = 100 * t["offered_findings"] / editable if editable else 0
            return f"{whole:.0f}% ({part:.0f}% of those not flag-only)"

        change = 100 * (y["findings"] - x["findings"]) / x["findings"] if x["findings"] else 0.0
        rows.append(f"| {name} | {y['contracts']} | {x.get('side_asked', 0)} → {y.get('side_asked', 0)} | "
                    f"{x['findings']} → {y['findings']} ({change:+.1f}%) | "
                    f"{x['flagged']} → {y['flagged']} | {x['proposals']} → {y['proposals']} | "
                    f"{per100(x)} → {per100(y)} | {share(x)} → {share(y)} | {x['applied']} → {y['applied']} | "
                    f"{x['applied_with_defects']} → {y['applied_with_defects']} |")
    head = ["| playbook | contracts | contracts where the side was asked (and answered) | "
            "findings (issue + missing) | flag-only findings | proposals | "
            "held back per 100 proposals (without those whose only defect is a role word for an unnamed party) | "
            "findings offered as one click | edits applied | applied edits with "
            "a defect |", "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    kinds = ["", "Defects by class, today → now (held back = found before the edit is offered; applied = found "
             "again on the edited text after accept-all):", "", "| playbook | where | class | today | now |",
             "|---|---|---|--:|--:|"]
    for name in ("saas-customer", "mutual-nda", "cuad-coverage"):
        for where, key in (("held back", "held_kinds"), ("applied", "applied_kinds")):
            x = b.get(name, {}).get(key, Counter())
            y = a.get(name, {}).get(key, Counter())
            for kind in sorted(set(x) | set(y), key=lambda k: -(x.get(k, 0) + y.get(k, 0))):
                kinds.append(f"| {name} | {where} | {kind} | {x.get(kind, 0)} | {y.get(kind, 0)} |")
    targets = ["", "The targets on the fitting contracts (all three playbooks together, now):", ""]
    if "all three" in a and "all three" in b:
        x, y = b["all three"], a["all three"]
        held = 100 * y["held"] / y["proposals"] if y["proposals"] else 0.0
        sided = 100 * (y["held"] - y.get("unsided", 0)) / y["proposals"] if y["proposals"] else 0.0
        drift = 100 * (y["findings"] - x["findings"]) / x["findings"] if x["findings"] else 0.0
        share = 100 * y["offered_findings"] / y["findings"] if y["findings"] else 0.0
        editable = y["findings"] - y["flagged"]
        share_editable = 100 * y["offered_findings"] / editable if editable else 0.0

        def verdict(ok: bool) -> str:
            return "**met**" if ok else "**not met**"

        targets += [
            f"- held back ≤ 5 per 100 proposals: {held:.1f} ({verdict(held <= 5)}); {sided:.1f} without the proposals "
            "whose only defect is a role word (\"Provider\", \"Customer\") for a party the contract does not name: "
            "where the side was asked it is answered before the analysis (the column above); those left are "
            "contracts where one party is found and the other is not, or none is (no question is asked then);",
            f"- findings within 10% of today's: {drift:+.1f}% ({verdict(abs(drift) <= 10)});",
            f"- ≥ 60% of findings offered as one click: {share:.0f}% ({verdict(share >= 60)}); {share_editable:.0f}% "
            "of the findings of rules that are not flag-only (cuad-coverage's presence rules and key terms now "
            "report and propose nothing, by design).",
        ]
    return "\n".join(head + rows + kinds + targets)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=None, help="at most this many contracts (an even spread)")
    parser.add_argument("--only", nargs="*", default=[], choices=PLAYBOOKS)
    parser.add_argument("--out", default="redlines.json", help="file name under bench/results/")
    parser.add_argument("--examples", type=int, default=0, help="print this many defect examples")
    parser.add_argument("--write-readme", action="store_true",
                        help="rewrite bench/README.md's section: bench/results/redlines-before.json beside this run")
    parser.add_argument("--keep-from", default=None, metavar="FILE",
                        help="with --only: the other playbooks' runs are taken from bench/results/FILE (an "
                             "earlier run), so the figures stay whole; the README says which were kept")
    parser.add_argument("--from-results", action="store_true",
                        help="run nothing: print (and --write-readme) bench/results/<--out> of an earlier run")
    args = parser.parse_args()
    _setup()
    if args.from_results:
        data = json.loads((RESULTS / args.out).read_text())
    else:
        started = time.perf_counter()
        data = run(args.limit, args.jobs, args.only)
        data["seconds"] = round(time.perf_counter() - started, 1)
        data["command"] = " ".join(["bench/bench_redlines.py", *sys.argv[1:]])
        if args.keep_from and args.only:
            earlier = json.loads((RESULTS / args.keep_from).read_text())
            kept = [row for row in earlier["runs"] if row["playbook"] not in args.only]
            data["runs"] += kept
            data["kept"] = {"from": earlier.get("command", args.keep_from),
                            "playbooks": sorted({row["playbook"] for row in kept})}
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / args.out).write_text(json.dumps(data, indent=1, default=list) + "\n")
    print(table(data))
    print(f"\n{len(data['contracts'])} contracts, {len(data['runs'])} runs, checker: {data['checker']}, "
          f"{data['seconds']:.0f} s; written to bench/results/{args.out}")
    before_path = RESULTS / "redlines-before.json"
    if args.write_readme and before_path.exists():
        import common

        before = json.loads(before_path.read_text())
        body = "\n".join([
            "Each library playbook on the contracts it fits (read from the contract: its title, else its clause map "
            "and opening; `cuad-coverage` on all), over `../shared/data` (cuad-train as one paragraph a line, cuad, "
            "forms, ndas), accept-all in process as `review --decide accept-all` takes it, and the edit checker "
            "(`review/engine/proof.py`) on every proposal and again on every applied edit.",
            "",
            f"    nice -n 10 .venv/bin/python {data['command']}",
            "",
            f"**Today** = {before.get('label', 'main + the edit checker')} (`bench/results/redlines-before.json`); "
            f"**now** = this branch ({time.strftime('%Y-%m-%d')}, {data['seconds']:.0f} s "
            "on the shared 2-core machine, other work running)"
            + (f"; the {', '.join(data['kept']['playbooks'])} runs of **now** are kept from the earlier run "
               f"`{data['kept']['from']}` (not re-run: the machine was too loaded for the whole corpus in time)"
               if data.get("kept") else "") + ".",
            "",
            "Which party is ours: where the contract does not say (`review.workflow.side_candidates` is not "
            "empty), the upload asks before the analysis; the run answers as the lawyer would (`side_answer`: "
            "the candidate whose own role word is the playbook's side, else the one the contract has paying "
            "most and serving least, else the first listed) and analyses with `side_chosen`'s parties. The "
            "column \"side asked\" counts those contracts.",
            "",
            comparison(before, data),
        ])
        common.write_section("redlines", "Redlines on real contracts: the edit checker over the corpus", body)
        print("bench/README.md rewritten")
    shown = 0
    for row in data["runs"]:
        for example in row["examples"]:
            if shown >= args.examples:
                break
            print(f"- {row['contract']} [{row['playbook']}] {example['rule']} ({example['stage']}): "
                  f"{example['defects']}\n    {example['after'][:200]!r}")
            shown += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
