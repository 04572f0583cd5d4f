"""Insurance only where something is insurable (docs/decisions/redlines-qa.md, "Round 19"), each on a
seen contract's own text.

The library's insurance clause asks each party for commercial general liability insurance: cover for
bodily injury, damage to property and what a business's products, operations and premises cause. It
was inserted wherever the clause model found no insurance clause, the most frequent insertion of
all, and lawyers found it made no sense where no party does anything that cover is for: a licence of
content or of a name, a fund's administration, a parent's promise of capital. It is inserted now
only where a party makes, supplies, sells or maintains products, goods or equipment, performs
services through its people, or runs trials, sites, premises, events or vehicles; elsewhere the
finding stays (missing, and why nothing was inserted).
"""

from __future__ import annotations

from documents.docx.model import TextModel
from review.engine.find import PreparedDocument, body_sentences
from review.engine.playbook import PlaybookEngine
from tests.review.engine.test_insertion_titles import _contract
from tests.review.engine.test_set_c_classes import _cuad_coverage

# A fund's administrator and its adviser: "FASC agrees to provide to the Adviser the services
# indicated in Exhibit A", books and records under the 1940 Act.
FUND_SERVICES = "FEDERATEDGOVERNMENTINCOMESECURITIESINC_04_28_2020-EX-99.SERV AGREE-SERVICES AGREEMENT.PDF"
# "WebMD agrees to grant, and Emdeon agrees to accept, a license to use the Content": anatomical
# drawings for another's software, $5,000 a year.
CONTENT_LICENCE = "WebmdHealthCorp_20050908_S-1A_EX-10.7_1027007_EX-10.7_Content License Agreement"
# A business development company's licence of its adviser's name.
NAME_LICENCE = "NmfSlfIInc_20200115_10-12GA_EX-10.5_11946987_EX-10.5_Trademark License Agreement"
# A reseller of a maker's devices ("Walabot-HOME") to customers in its territory.
RESELLER = "HealthcareIntegratedTechnologiesInc_20190812_8-K_EX-10.1_11776966_EX-10.1_Reseller Agreement"
# Routing software installed at the licensee's locations by the licensor's people, then maintained.
SOFTWARE_MAINTENANCE = "SPARKLINGSPRINGWATERHOLDINGSLTD_07_03_2002-EX-10.13-SOFTWARE LICENSE AND MAINTENANCE AGREE"
# A maker's logo on another's telecommunications equipment, the goods sold before the end keeping it.
LOGO_ON_GOODS = "MphaseTechnologiesInc_20030911_10-K_EX-10.15_1560667_EX-10.15_Co-Branding Agreement"


def _insurance(model: TextModel):  # type: ignore[no-untyped-def]
    (result,) = PlaybookEngine().analyze(model, _cuad_coverage("insurance"))
    return result


def _insurable(model: TextModel) -> list[str]:
    """The sentences of the contract that meet the rule's condition for inserting the clause, their
    runs of spaces as one."""
    (rule,) = _cuad_coverage("insurance").rules
    assert rule.insert_when is not None
    return [" ".join(s.text.split()) for s in body_sentences(rule.insert_when, PreparedDocument.build(model))]


def test_a_funds_administration_takes_no_general_liability_insurance() -> None:
    model = _contract(FUND_SERVICES)
    result = _insurance(model)
    assert result.status == "missing" and result.recommendations == ()
    assert "nothing is inserted" in result.message and "insert_when" in result.message
    assert _insurable(model) == []


def test_a_licence_of_content_or_of_a_name_takes_no_general_liability_insurance() -> None:
    for name in (CONTENT_LICENCE, NAME_LICENCE):
        model = _contract(name)
        result = _insurance(model)
        assert result.status == "missing" and result.recommendations == (), name
        assert "nothing is inserted" in result.message, name
        # The name licence's "investment vehicles" are what its adviser manages, not vehicles driven.
        assert _insurable(model) == [], name


def test_a_reseller_of_devices_takes_it() -> None:
    model = _contract(RESELLER)
    (proposal,) = _insurance(model).recommendations
    assert "Each Party shall maintain" in proposal.after and not proposal.defects
    assert any("purchases the Products from Reseller" in s for s in _insurable(model))


def test_software_installed_and_maintained_by_the_licensors_people_takes_it() -> None:
    model = _contract(SOFTWARE_MAINTENANCE)
    (proposal,) = _insurance(model).recommendations
    assert "commercial general liability insurance" in proposal.after and not proposal.defects
    assert any("Garman shall provide the following Maintenance Services" in s for s in _insurable(model))


def test_goods_that_carry_the_others_logo_take_it() -> None:
    # "mPhase shall have no obligation to remove such Co-Branding Logo from any Goods sold prior to
    # the date of such termination": mPhase sells the goods, and a product claim names the logo's
    # owner too.
    model = _contract(LOGO_ON_GOODS)
    (proposal,) = _insurance(model).recommendations
    assert "Each Party shall maintain" in proposal.after and not proposal.defects
    assert any("from any Goods sold prior to the date of such termination" in s for s in _insurable(model))
