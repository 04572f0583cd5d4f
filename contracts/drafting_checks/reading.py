"""What more than one drafting check reads the same way: plain text of a PDF extraction, a
definition pointing at another instrument, a clause number written as such, an amendment.

Pure, no ORM.
"""

from __future__ import annotations

import re

from documents.docx.model import TextModel


def plain_text(text: str) -> str:
    """Soft and Unicode hyphens and runs of spaces (PDF extraction) read as a hyphen and one space."""
    text = text.replace("\u00ad", "-").replace("\u2010", "-").replace("\u2011", "-")
    return re.sub(r"[ \t\u00a0]{2,}", " ", text)


# '"Credit Agreement" has the meaning set forth in the ECCA', '"Purchase Order" is defined in the
# MESPA', '... shall have the meaning given to it in the Indenture'.
POINTER = re.compile(
    r"[\"\u201d]\s*(?:shall\s+)?(?:ha(?:s|ve)\s+the\s+meanings?\s+(?:stated|set\s+forth|given|assigned|ascribed|"
    r"provided)(?:\s+(?:to\s+)?(?:it|them|such\s+term))?\s+(?:in|under)|(?:is|are)\s+(?:as\s+)?defined\s+in)\s+"
    r"(?!this\b|Section|Article|Clause|Schedule|Exhibit|paragraph|section|article|clause)(?:the\s+)?[A-Z]"
)


def written_as_clause(text: str, number: str) -> bool:
    """``number`` (or a sub-clause of it) stands somewhere in the text as a clause number: at a
    line start or after a gap, not after "Section"/"Clause"/"and"/a comma (a reference)."""
    padded = re.sub(r"\.(\d)(?=\.|$)", r".0?\1", re.escape(number).replace("\\.", "."))
    # "7.11Technical Assistance", '1.11"Span of Control"': a number run into its heading counts.
    pattern = re.compile(rf"(?<![\w.$,/-])(?:{padded})(?=\.\d|\.?[\s(\"\u201c]|\.?[A-Z][a-z])")
    for match in pattern.finditer(text):
        before = text[max(0, match.start() - 14) : match.start()]
        if re.search(r"\n[ \t\u00a0]*$", before) or not before:
            return True  # at a paragraph's start: a clause ("...; or" ends the paragraph before)
        if re.search(
            r"(?:[Ss]ections?|[Cc]lauses?|[Aa]rticles?|[Pp]aragraphs?|SECTIONS?|and|or|to|through|,)\s*$", before
        ):
            continue
        return True
    return False


def is_amendment(model: TextModel) -> bool:
    opening = " ".join(p.text for p in model.paragraphs[:8])[:1500]
    return bool(
        re.search(
            r"\bAMENDMENT\b|\bAmendment\s+(?:No\.|Number|#)|\bamends\b|\bAmendment\b.{0,40}\bto\b|\bThis\s+Amendment\b",
            opening,
        )
    )
