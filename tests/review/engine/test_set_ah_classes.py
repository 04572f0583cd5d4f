"""Classes read in round 19's third look (docs/decisions/redlines-qa.md, "Round 19 lawyer read"),
each on the contract's own text.

- A sellers' non-competition and non-solicitation agreement, given as a condition of closing an
  acquisition, took a walk-away right, an audit, a cap measured by payments (nil: nothing is paid
  under it) and insurance. A covenants-only agreement takes none of them; one that also keeps
  secrets ("NON-DISCLOSURE AND NON-COMPETITION AGREEMENT") still takes a non-disclosure agreement's.
- A signature block without a testimonium whose first line is "For <party>, Inc." (ending in a
  full stop only because the name does) began below that line, so a clause added at the end went
  between a party's name and its "By:" line.

The fourth look's: "This Agreement has been duly executed by the parties ..." before "[Signature
page follows]" was read as the last clause's, so an audit went after it as "9.12"; and the SaaS
playbook's cap left out its indemnity carve-out where the contract has no indemnity, while the same
playbook inserts one, which the cap then limited: its conditions now read the clauses the same
review proposes to insert (contracts/conditions.py ``fit_wording``).
"""

from __future__ import annotations

from dataclasses import replace

from contracts.conditions import holds
from contracts.document import structure_of
from documents.docx.model import Paragraph, TextModel
from playbooks.loader import load_playbook
from playbooks.services import LIBRARY_DIR
from review.engine.draft import takes_no_commercial_terms
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

NON_COMPETITION = "Quaker Chemical Corporation - NON COMPETITION AND NON SOLICITATION AGREEMENT"
JOINT_VENTURE = "ACCELERATEDTECHNOLOGIESHOLDINGCORP_04_24_2003-EX-10.13-JOINT VENTURE AGREEMENT"
COOPERATION = "QIWI_06_16_2017-EX-99.(D)(2)-COOPERATION AGREEMENT"
CONSULTING = "SLINGERBAGINC_05_27_2020-EX-10.7-CONSULTING AGREEMENT"


def _titled(title: str) -> TextModel:
    return TextModel(paragraphs=(Paragraph(locator="p1", text=title), Paragraph(locator="p2", text="1. Terms.")))


def test_an_agreement_of_covenants_not_to_compete_takes_no_commercial_clause() -> None:
    model = _contract(NON_COMPETITION)
    assert takes_no_commercial_terms(model) == "an agreement of covenants not to compete or solicit"
    rules = ("termination-for-convenience", "audit-rights", "cap-on-liability", "insurance")
    results = PlaybookEngine().analyze(model, _cuad_coverage(*rules))
    assert len(results) == 4 and all(r.recommendations == () for r in results)
    assert all("covenants not to compete" in r.message for r in results)
    assert takes_no_commercial_terms(_titled("NON-DISCLOSURE AND NON-COMPETITION AGREEMENT")) == ""


def test_a_signature_block_opens_at_a_partys_name_that_ends_in_its_legal_form() -> None:
    model = _contract(JOINT_VENTURE)
    signature = structure_of(model).signature
    assert signature is not None
    assert model.paragraphs[signature.index].text == "For Collectible Concepts Group, Inc."
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    (proposal,) = result.recommendations
    assert model.positions[proposal.edit.locator] < signature.index


def test_the_sentence_that_says_the_parties_signed_opens_the_signatures() -> None:
    model = _contract(COOPERATION)
    signature = structure_of(model).signature
    assert signature is not None
    assert model.paragraphs[signature.index].text.startswith("This Agreement has been duly executed by the parties")


def test_the_saas_cap_excepts_the_indemnity_the_same_review_inserts() -> None:
    """The conditions read the redline as proposed: the consulting agreement has no indemnity, the
    playbook's vendor-ip-indemnity inserts one after the cap is offered, and the cap excepts it,
    saying why; without that rule the cap names no indemnity."""
    spec = load_playbook((LIBRARY_DIR / "saas-customer.yaml").read_bytes())
    model = _contract(CONSULTING)
    assert not holds("indemnity", model)

    results = {r.rule_id: r for r in PlaybookEngine().analyze(model, spec)}
    (indemnity,) = results["vendor-ip-indemnity"].recommendations
    assert indemnity.action == "insert" and not indemnity.needs_wording
    (cap,) = results["limitation-of-liability"].recommendations
    assert "Except for a party's indemnification obligations, " in cap.after
    assert "a clause this review proposes to insert has an indemnity" in cap.explanation

    alone = replace(spec, rules=tuple(r for r in spec.rules if r.id != "vendor-ip-indemnity"))
    results = {r.rule_id: r for r in PlaybookEngine().analyze(_contract(CONSULTING), alone)}
    (cap,) = results["limitation-of-liability"].recommendations
    assert "indemnification" not in cap.after
