"""The clause model: categories, the committed artifact, headings are not evidence (real CUAD text)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from contracts.clauses import CATEGORIES, ClausePassage, detect, detect_type, get_model, slug_for, suggest
from contracts.clauses.model import ARTIFACT, record
from contracts.clauses.passages import cut, is_heading
from documents.docx.model import Paragraph, TextModel

DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data"
DEV = DATA / "cuad" / "txt"


def text_model(*texts: str) -> TextModel:
    return TextModel(paragraphs=tuple(Paragraph(locator=f"p{i + 1}", text=t) for i, t in enumerate(texts)))


def dev_line(name: str, startswith: str) -> str:
    for line in (DEV / name).read_text(encoding="utf-8").split("\n"):
        if line.strip().startswith(startswith):
            return line
    raise AssertionError(f"{startswith!r} not in {name}")


def test_there_are_41_categories_with_cuad_slugs_and_descriptions():
    slugs = [c.slug for c in CATEGORIES]
    assert len(slugs) == 41 == len(set(slugs))
    for expected in ("cap-on-liability", "rofr-rofo-rofn", "ip-ownership-assignment", "unlimited-all-you-can-eat-license"):
        assert expected in slugs
    assert slug_for("Rofr/Rofo/Rofn") == "rofr-rofo-rofn"
    assert slug_for("Unlimited/All-You-Can-Eat-License") == "unlimited-all-you-can-eat-license"
    assert all(c.description and c.title for c in CATEGORIES)
    assert suggest("cap-on-liabilty") == "cap-on-liability"


def test_the_committed_model_matches_its_record_and_the_training_data():
    rec = record()
    assert ARTIFACT.stat().st_size <= 30 * 1024 * 1024
    assert rec["artifact_bytes"] == ARTIFACT.stat().st_size
    data = DATA / "cuad-train" / "contracts.jsonl.gz"
    digest = hashlib.sha256(data.read_bytes()).hexdigest()
    assert rec["data"]["sha256"] == f"sha256:{digest}"
    assert set(rec["cross_validation"]["categories"]) == {c.slug for c in CATEGORIES}
    assert get_model() is get_model()  # loaded once, shared


def test_headings_are_cut_as_headings_and_sentences_keep_their_section():
    passages = cut([("p1", "9       LIMITATION OF LIABILITY."), ("p2", "Each party shall pay its own costs. It shall not be liable.")])
    assert [p.is_heading for p in passages] == [True, False, False]
    assert passages[1].heading == "LIMITATION OF LIABILITY."
    assert is_heading("7. Limitation of Liability.") and not is_heading("Neither party shall be liable for lost profits.")


def test_a_list_item_keeps_its_lead_in_as_context_until_the_list_ends():
    # The wording of a CUAD contract (AURASYSTEMS strategic alliance, termination section).
    passages = cut(
        [
            ("p1", "10. TERM AND TERMINATION"),
            ("p2", "This Agreement may be terminated:"),
            ("p3", "(c) By mutual written agreement of the parties; or"),
            ("p4", "(d) By either party hereto upon sixty (60) days prior written notice to the other party hereto; or"),
            ("p5", "The parties shall cooperate in good faith."),
        ]
    )
    heads = {p.text: p.heading for p in passages}
    assert heads["This Agreement may be terminated:"] == "TERM AND TERMINATION"  # its own colon is not its context
    assert heads[passages[3].text] == "TERM AND TERMINATION This Agreement may be terminated:"
    assert heads["The parties shall cooperate in good faith."] == "TERM AND TERMINATION"  # not an item: the list ended
    assert not any(p.is_heading for p in passages[1:])


def test_a_limitation_of_liability_heading_over_a_clause_with_no_cap_is_not_a_cap():
    heading = dev_line("cuad_hosting_01.txt", "9       LIMITATION OF LIABILITY")
    # A real sentence with no cap in it (CUAD labels none of it), under that real heading.
    no_cap = dev_line("cuad_outsourcing_02.txt", "13.5 Liquidated Damages.").split(".  ", 1)[1].split(". ")[0] + "."
    model = text_model(heading, no_cap)
    assert detect_type(model, "cap-on-liability") == []
    assert detect_type(text_model(heading), "cap-on-liability") == []  # the heading alone: nothing


def test_a_clause_stating_a_cap_with_no_heading_is_a_cap():
    line = dev_line("cuad_outsourcing_02.txt", "13.4 Limitation of Liability.")
    clause = line.split("Limitation of Liability.", 1)[1].strip()  # the heading taken away
    assert "total liability" in clause
    found = detect_type(text_model("The parties agree as follows.", clause), "cap-on-liability")
    assert found and found[0].locator == "p2" and found[0].confidence >= 0.5
    assert isinstance(found[0], ClausePassage) and clause[found[0].start : found[0].end] == found[0].text


def test_detect_returns_every_type_above_threshold_in_document_order():
    text = (DEV / "cuad_outsourcing_02.txt").read_text(encoding="utf-8")
    model = text_model(*text.split("\n"))
    passages = detect(model)
    assert {p.type for p in passages} >= {"governing-law", "cap-on-liability"}
    assert all(0.5 <= p.confidence <= 1 for p in passages)
    order = [model.positions[p.locator] for p in passages]
    assert order == sorted(order)
    with pytest.raises(KeyError, match="did you mean 'governing-law'"):
        detect(model, types=["governing-lwa"])
    only = detect(model, types=["governing-law"])
    assert only and {p.type for p in only} == {"governing-law"}
    assert not any(re.fullmatch(r"[A-Z0-9 .]+", p.text.strip()) and len(p.text) < 40 for p in passages if p.type != "document-name")


def test_a_non_exclusive_appointment_is_never_an_exclusivity_passage():
    # cuad_distributor_03 2.1: "WGT hereby appoints Distributor ... as a nonexclusive distributor
    # of the Product ...": the clause map showed it as Exclusivity at 0.97.
    from contracts.clauses.passages import allowed, only_non_exclusive

    line = dev_line("cuad_distributor_03.txt", "2.1  Appointment.")
    assert only_non_exclusive(line)
    assert detect_type(text_model(line), "exclusivity") == []
    # The veto is the reason: the same passage is a candidate for every other type.
    passages = [p for p in cut([("p1", line)]) if not p.is_heading]
    assert any("nonexclusive distributor" in p.text for p in passages)
    mask = allowed(passages, ["exclusivity", "non-compete"])
    assert not mask[:, 0].any() and mask[:, 1].all()
    # A passage that also says "exclusive" on its own stays a candidate.
    assert not only_non_exclusive("Reseller is the exclusive reseller in the Territory and a non-exclusive reseller elsewhere.")
    assert not only_non_exclusive("Licensee receives an exclusive, royalty-bearing licence.")
    assert only_non_exclusive("Licensor grants a non-exclusive, non-transferable licence.")
    assert only_non_exclusive("Licensor grants a NON\u2011EXCLUSIVE licence.")


def test_a_passage_without_its_types_words_is_never_that_type():
    # cuad_distributor_03: "WGT does not warrant that the Products are free form all bugs, errors,
    # defects ..." names no period: it was a Warranty Duration passage at 0.65. A warranty that
    # states one stays ("... for a period of ninety (90) days").
    from contracts.clauses.passages import names_its_kind

    text = (DEV / "cuad_distributor_03.txt").read_text(encoding="utf-8")
    start = text.index("WGT does not warrant that the Products")
    sentence = " ".join(text[start : text.index(".", start) + 1].split())
    assert not names_its_kind("warranty-duration", sentence.lower())
    assert detect_type(text_model(sentence), "warranty-duration") == []
    assert names_its_kind("warranty-duration", "the products will be free of defects for ninety days.")
    assert names_its_kind("warranty-duration", "the warranty lasts 12 months.")
    # A change of control names control, a merger, an acquisition, shares ...; a plain assignment
    # clause does not.
    assert not names_its_kind("change-of-control", "neither party may assign this agreement without consent.")
    assert names_its_kind("change-of-control", "a merger or sale of all or substantially all of its assets.")
