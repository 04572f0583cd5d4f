"""Round 11 of the key-term dates (docs/decisions/key-terms.md, "Round 11").

Each test is a seen contract's own words (cuad-train, never its held-out fifth), in the layout its change
is about; each fails on the code before its change.
"""

import re

from contracts.dates import agreement_date, effective_date
from tests.contracts.test_dates import seen, ymd

# Apollo Endosurgery's Manufacturing and Supply Agreement (seen): its definitions, '1.5"Effective Date"
# shall mean December 5, 2014.', state the effective date.
_APOLLO = "Apollo Endosurgery - Manufacturing and Supply Agreement"


def test_an_effective_date_defined_in_single_quotation_marks_or_guillemets() -> None:
    text = seen(_APOLLO)
    assert ymd(effective_date(text, agreement_date(text))) == (2014, 12, 5)
    # The same definitions in single quotation marks (British drafting), or in guillemets (a translation).
    single = re.sub('["\u201c\u201d]', "'", text)
    assert "1.5'Effective Date' shall mean December 5, 2014." in single
    assert ymd(effective_date(single, agreement_date(single))) == (2014, 12, 5)
    guillemets = re.sub('["\u201c]([^"\u201c\u201d]{1,60})["\u201d]', "\u00ab\\1\u00bb", text)
    assert ymd(effective_date(guillemets, agreement_date(guillemets))) == (2014, 12, 5)
