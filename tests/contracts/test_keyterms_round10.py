"""Round 10 of the key-term dates and law (docs/decisions/key-terms.md, "Round 10: dates, law and none").

Each test is a seen contract's own words (cuad-train, never its held-out fifth); each fails on the code
before this round.
"""

from contracts.dates import another_agreements
from contracts.keyterms import _date
from tests.contracts.test_dates import seen

# China Real Estate Information's Domain Name and Content License Agreement (seen): its preamble states
# no date; its definitions date the other agreements they define.
_CRIC = "ChinaRealEstateInformationCorp_20090929_F-1_EX-10.32_4771615"


def test_a_date_in_the_definition_of_another_agreement_is_not_this_ones() -> None:
    text = seen(_CRIC)
    at = text.index("July 27, 2009")
    line = text[text.rfind("\n", 0, at) + 1 : text.find("\n", at)]
    assert line.startswith('"Master Transaction Agreement" means the Master Transaction Agreement entered into')
    assert another_agreements(text, at)
    # The clause model's passage for the agreement date is that definition: it states no agreement date.
    assert _date("agreement-date", line, labelled=True) is None
