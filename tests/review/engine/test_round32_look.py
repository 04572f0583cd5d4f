"""What round 32's look showed (docs/decisions/redlines-qa.md, "Round 32 lawyer read"), fixed by class. Text in our
own words; each test fails on the tree the look ran on (6e77ff7)."""

from __future__ import annotations

from contracts.document import structure_of
from contracts.naming import Parties, detect
from tests.review.factories import library_results as _results
from tests.review.factories import text_model as _doc

_BODY = (
    "1. Licence. The Licensor grants the User a licence to use the Software. The User shall pay the Licensor the "
    "fees. The User may use the Software at its premises.",
    "2. Fees. The User shall pay each invoice within thirty (30) days.",
)


def test_the_document_defined_by_its_own_name_is_no_party() -> None:
    """'These Tallow Trust General Terms of Service ("General Terms") are applicable to the Tallow Service of Tallow Oy
    ("Supplier")' (a name ending in "Trust", a legal form): before, the title's words were a party defined as
    "General Terms", and the vendor's new clauses read "General Terms warrants ..."."""
    model = _doc(
        "TALLOW TRUST GENERAL TERMS OF SERVICE",
        "1. GENERAL",
        "1.1 These Tallow Trust General Terms of Service (\u201cGeneral Terms\u201d) are applicable to the Tallow Service "
        "(\u201cService\u201d) of Tallow Oy (\u201cSupplier\u201d) and its use by the customer entity "
        "(\u201cCustomer\u201d) entering into an agreement with the Supplier.",
        "2. Fees. The Customer shall pay the Supplier the fees. The Supplier shall provide the Service to the Customer.",
    )
    assert all(p.defined != "General Terms" for p in structure_of(model).parties)
    assert detect(model, "customer").them == "the Supplier"


def test_you_and_the_entity_you_represent_defined_by_one_word_is_the_customer() -> None:
    """'a legal contract between you and/or the entity you represent ("User") and Tallow Ltd ("Licensor")': the
    reader is a party, defined "User" (no role word); before, only the Licensor was read, and the lawyer could not
    name the User as ours."""
    model = _doc(
        "Software Licence Agreement",
        "This Software Licence Agreement (this \u201cAgreement\u201d) is a legal contract between you and/or the "
        "entity you represent (\u201cUser\u201d) and TALLOW LTD (\u201cLicensor\u201d), the owner of the Software.",
        *_BODY,
    )
    assert [p.defined for p in structure_of(model).parties] == ["User", "Licensor"]
    assert detect(model, "customer") == Parties(us="the User", them="the Licensor", side="customer")


def test_terms_varied_by_the_licensor_with_acceptance_by_continued_use_are_a_change_power() -> None:
    model = _doc(
        "Software Licence Agreement",
        "This Software Licence Agreement (this \u201cAgreement\u201d) is between Acme Pty Ltd (\u201cUser\u201d) and "
        "TALLOW LTD (\u201cLicensor\u201d).",
        "1. Licence. (a) The User will be bound by the joint promises set out in the latest version of these Licence "
        "Terms available at www.tallow.example/licence; and (b) the User may use the Software.",
        "12.8. Variations.",
        "These Licence Terms may be varied by the Licensor at any time with notice given to you by email. The User's "
        "continued Use of the Software after any variation has been made will comprise acceptance of these Licence "
        "Terms as varied.",
    )
    parties = Parties(us="the User", them="the Licensor", side="customer", corrected=True)
    proposals = _results(model, "saas-customer", "unilateral-changes", parties=parties)["unilateral-changes"].recommendations
    (replacement,) = [p for p in proposals if p.action == "replace" and "signed by" in p.after]
    assert replacement.edit.before.startswith("These Licence Terms may be varied by the Licensor")
    assert "continued Use" in replacement.edit.before
    (version,) = [p for p in proposals if p.edit.before.strip() == "the latest version of"]
    assert version.after == "" or "the latest version of" not in version.after
