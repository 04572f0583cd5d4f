"""Round 10 of the key-term dates and law (docs/decisions/key-terms.md, "Round 10: dates, law and none").

Each test is a seen contract's own words (cuad-train, never its held-out fifth), or those words with one
sentence of the class added; each fails on the code before this round.
"""

from contracts.dates import agreement_date, another_agreements, effective_date
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


def test_a_short_contracts_sentence_about_something_else_taking_effect_is_not_its_effective_date() -> None:
    # OneMain Holdings' Joint Filing Agreement (seen): a short contract without numbered clauses, so its
    # whole body is within the preamble's reach, where a date called effective was presumed the
    # agreement's. The experts give no effective date, and neither do we; a sentence whose own subject
    # takes effect (the insurance, the new rates) leaves it so.
    text = seen("ONEMAINHOLDINGS,INC_02_20_2020-EX-99.D-JOINT FILING AGREEMENT")
    assert len(text) < 6000 and effective_date(text, agreement_date(text)) is None
    cut = text.find("\n", len(text) // 2)
    for sentence in (
        "Each party shall perform this Agreement in good faith. The insurance policy shall be in full force and "
        "effect from January 1, 2000.",
        "Each party shall perform this Agreement in good faith. The new rates shall be effective as of July 1, 2002.",
    ):
        rewritten = text[:cut] + "\n\n" + sentence + "\n" + text[cut:]
        assert effective_date(rewritten, agreement_date(rewritten)) is None, sentence


def test_a_short_contracts_sentence_about_something_else_dates_neither_the_agreement_nor_its_effect() -> None:
    # Soupman's Franchise Agreement (seen, its third exhibit): a short text without numbered clauses that
    # states no agreement date; a body sentence dating something else (its own subject, no making words)
    # gives it none.
    text = seen("SoupmanInc_20150814_8-K_EX-10.1_9230148_EX-10.1_Franchise Agreement3")
    assert len(text) < 6000 and agreement_date(text) is None
    cut = text.find("\n", len(text) // 2)
    for sentence in (
        "The Registration Statement was declared effective by the Commission on March 3, 2000.",
        "Each party shall perform this Agreement in good faith. The new rates shall be effective as of July 1, 2002.",
    ):
        rewritten = text[:cut] + "\n\n" + sentence + "\n" + text[cut:]
        made = agreement_date(rewritten)
        assert made is None and effective_date(rewritten, made) is None, sentence
