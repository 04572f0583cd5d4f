"""Round 19 of the parties (contracts/parties.py ``_role_labels``): parties set out under labels the
contract goes on to call them by, shown on a seen cuad-train contract's own opening in
bench/bench_party_styles.py's "labelled" style."""

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph

# Snotarator, Distributor Agreement (seen), its preamble's parties set out under their defined names.
_OPENING = (
    "Exhibit 10.1     DISTRIBUTOR AGREEMENT\n\n"
    'THIS AGREEMENT is made this 1st day of August, 2013, (the "Effective Date"), by and between the following '
    "parties:\n\n"
    "{company}Snotarator LLC, a Texas limited liability company, with its principal place of business located at "
    "2591 Dallas Parkway, Suite 102, Frisco, Texas  75034\n\n"
    "{distributor}SMSA Ballinger Acquisition Corp., a Nevada corporation, with offices at 12890 Hilltop Road, "
    "Argyle, Texas  76226\n\n\n\n"
    "NOW, THEREFORE, in consideration of the promises hereinafter made by the parties hereto, it is agreed as "
    "follows:   ARTICLE  I APPOINTMENT OF DISTRIBUTORSHIP\n\n"
    "1.01.  Distribution Right. The Company hereby appoints and grants Distributor the exclusive right to sell "
    'the products of the Company, including the Snotarator\u2122 Nasal Aspirator,  ("Products") listed in the '
    'current "Price List" (Exhibit "A" attached hereto). Distributor agrees that the Products, including the name '
    'Snotarator \u2122 Nasal Aspirator (the "Brand") are the sole property of the Company and Distributor has no '
    "interest whatsoever in such Brand and Products, and Distributor shall use the Brand and Products only for so "
    "long as the rights granted hereby remains in full force and effect."
)


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def test_parties_set_out_under_the_labels_the_contract_calls_them_by() -> None:
    text = _OPENING.format(company="Company: ", distributor="Distributor: ")
    assert [(p.name, p.defined) for p in _parties(text)] == [
        ("Snotarator LLC", "Company"),
        ("SMSA Ballinger Acquisition Corp.", "Distributor"),
    ]


def test_the_label_on_a_line_of_its_own() -> None:
    text = _OPENING.format(company="Company:\n", distributor="Distributor:\n")
    found = [(p.name, p.defined) for p in _parties(text)]
    assert ("SMSA Ballinger Acquisition Corp.", "Distributor") in found
    assert len(found) == 2


def test_a_field_label_is_no_party() -> None:
    # "Address:" and "Attention:" label a party's fields, not a party.
    text = _OPENING.format(company="Address: ", distributor="Attention: ")
    assert all(p.defined not in ("Address", "Attention") for p in _parties(text))
