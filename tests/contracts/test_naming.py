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
