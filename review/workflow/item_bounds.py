"""The bound on items of theirs (docs/decisions/hostile-input.md, "Items, forms and exports"):
at most ``MAX_THEIR_ITEMS`` items come from one round (review/workflow/round_intake.py) or one
upload's tracked changes (review/workflow/analysis.py), checked by cheap counts before the
expensive work. Pure checks: no writes."""

from __future__ import annotations

import io
import re
import zipfile
from collections import Counter

from documents.docx.model import TextModel
from documents.docx.tracked import foreign_changes

from .results import ReviewRefused

MAX_THEIR_ITEMS = 1_000  # items of theirs from one round or one upload
ITEM_BATCH = 200  # rows per INSERT when the items are written

# Word writes one element per tracked change (a replacement: a deletion and an insertion).
_REVISION_TAG = re.compile(rb"<(?:[A-Za-z0-9]+:)?(?:ins|del|moveFrom|moveTo|rPrChange|pPrChange)[\s>/]")


class TooManyItems(ReviewRefused):
    """Their file would make more items than a review takes; the message says what to do."""


def too_many_round(places: int, sent_number: int) -> str:
    return (f"Their draft differs from version {sent_number} in about {places:,} places; a round takes at most "
            f"{MAX_THEIR_ITEMS:,} items of theirs. Nothing was added. Ask them for the draft they meant to "
            "return, or start a new review of their draft.")


def _too_many_tracked(changes: int) -> str:
    return (f"Their file carries about {changes:,} tracked changes; a review takes at most {MAX_THEIR_ITEMS:,} "
            "items of theirs. Accept or reject their changes in Word first (or ask them for a draft with fewer), "
            "then upload it again.")


# --- the bound ---------------------------------------------------------------------------------


def changed_places(sent: TextModel, returned: TextModel) -> int:
    """A cheap lower bound on the differences of two drafts (linear time, before ``compare``):
    the paragraphs of one that the other does not have, on the larger side. Every such paragraph
    is deleted, inserted or edited, and each of those is at least one item (a split or a merge
    pairs two with one, hence the larger side)."""
    ours = Counter(t for t in (" ".join(p.text.split()) for p in sent.paragraphs) if t)
    theirs = Counter(t for t in (" ".join(p.text.split()) for p in returned.paragraphs) if t)
    return max(sum((ours - theirs).values()), sum((theirs - ours).values()))


def tracked_changes_bounded(original: bytes) -> None:
    """Refuse an upload whose tracked changes would make more than ``MAX_THEIR_ITEMS`` items,
    counted first on the raw XML (a replacement is two elements, so twice the bound) and then
    exactly, before any item is built. Raises ``TooManyItems``."""
    try:
        with zipfile.ZipFile(io.BytesIO(original)) as archive:
            xml = archive.read("word/document.xml")
    except (KeyError, zipfile.BadZipFile):
        return
    elements = len(_REVISION_TAG.findall(xml))
    if elements > 2 * MAX_THEIR_ITEMS:
        raise TooManyItems(_too_many_tracked(elements))
    if elements > MAX_THEIR_ITEMS:
        changes = len(foreign_changes(original))
        if changes > MAX_THEIR_ITEMS:
            raise TooManyItems(_too_many_tracked(changes))
