"""``{mutual_roles}``: the contract's words for a role in a disclosure that either party takes."""

from __future__ import annotations

from contracts.naming import mutual_roles
from review.engine.playbook import PlaybookEngine
from tests.review.engine.helpers import model_of, rule, spec


def test_roles_defined_for_either_party_are_mutual() -> None:
    assert mutual_roles(model_of(
        'This NDA allows each party ("Discloser") to disclose its Confidential Information to the other party '
        '("Recipient").'
    )) == ("Discloser", "Recipient")  # fmt: skip
    assert mutual_roles(model_of(
        '"Recipient" means a party to this Agreement when the party receives Confidential Information.'
    )) == ("Recipient", "Discloser")  # fmt: skip
    assert mutual_roles(model_of(
        'The party receiving Confidential Information (the "Receiving Party") shall hold it in confidence.'
    )) == ("Receiving Party", "Disclosing Party")  # fmt: skip
    assert "Recipient" in mutual_roles(model_of(
        "A disclosure by either of the parties, as Recipient, of Confidential Information of the other party."
    ))  # fmt: skip


def test_a_role_given_to_one_named_party_is_not_mutual() -> None:
    assert mutual_roles(model_of(
        'ACME Corp. (the "Recipient") shall hold the Confidential Information of Beta LLC (the "Discloser").'
    )) == ()  # fmt: skip
    assert mutual_roles(model_of("Recipient shall: (a) use Confidential Information solely for the Purpose.")) == ()


def test_a_pattern_with_mutual_roles_passes_a_bare_recipient_only_in_a_mutual_contract() -> None:
    playbook = spec(rule(
        id="mutual", find={"any": ["confidential"]},
        check={"must_match": r"\beach\s+party\b|\b{mutual_roles}\b"},
    ))  # fmt: skip
    duty = "Recipient will not disclose Discloser's Confidential Information to anyone else."
    mutual = model_of('"Recipient" means a party when it receives information from the other party.', duty)
    one_way = model_of("Discloser may share information with Recipient.", duty)
    (passed,) = PlaybookEngine().analyze(mutual, playbook)
    (failed,) = PlaybookEngine().analyze(one_way, playbook)
    assert (passed.status, failed.status) == ("ok", "issue")


def test_the_one_party_bound_to_confidentiality_is_the_recipient_and_either_party_bound_is_none() -> None:
    from contracts.naming import disclosure_roles

    opening = 'This Agreement is made by and between Acme Ltd. (the "Owner") and Jo Bloggs (the "Adviser").'
    one_way = model_of(opening, "1. The Adviser shall hold all confidential information of the Owner in strict confidence "
                       "and shall not use it for any purpose other than advising on the Merger.")  # fmt: skip
    roles = disclosure_roles(one_way)
    assert (roles.recipient, roles.discloser, roles.purpose) == ("the Adviser", "the Owner", "advising on the Merger")
    mutual = model_of(opening, "1. Each party shall hold the other party's confidential information in strict confidence.")
    assert (disclosure_roles(mutual).recipient, disclosure_roles(mutual).discloser) == ("", "")
    both = model_of(opening, "1. The Adviser shall keep the Owner's information confidential. 2. The Owner shall keep "
                    "the Adviser's information confidential.")  # fmt: skip
    assert disclosure_roles(both).recipient == ""
