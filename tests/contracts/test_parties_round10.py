"""Round 10 of the parties (contracts/parties.py): each class shown on a seen cuad-train contract's own
preamble, as written or drafted in one of bench/bench_party_styles.py's styles."""

from contracts.parties import Party, find_parties
from documents.docx.model import Paragraph


def _parties(text: str) -> tuple[Party, ...]:
    """One paragraph per line, as a converted upload gives them."""
    return find_parties(tuple(Paragraph(locator=f"p{i}", text=line) for i, line in enumerate(text.split("\n"))), {})


def _names(text: str) -> list[str]:
    return [p.name for p in _parties(text)]


def test_a_person_named_without_a_definition_ends_where_she_resides() -> None:
    # Prudential Bancorp, Split-Dollar Endorsement Agreement, its last party's definition left out: the
    # employee's name ends at ", residing at", so his address is no part of it and he is a party.
    text = (
        "Exhibit 10.4 Split-Dollar Endorsement Agreement\n\nTHIS AGREEMENT is made and entered into this 1st day "
        'of June, 2017 by and between Prudential Bank (hereinafter referred to as the "Employer"), located in '
        "Philadelphia, Pennsylvania and Jeffrey Hanuscin, residing at 2406 Sanibel Circle, Palmyra, NJ 08065.\n\n"
        "WHEREAS, the Employee has performed his duties in an efficient and capable manner; and"
    )
    assert _names(text) == ["Prudential Bank", "Jeffrey Hanuscin"]
