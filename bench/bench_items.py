"""What a hostile round or upload costs before it is refused (docs/decisions/hostile-input.md,
"Items, forms and exports").

    .venv/bin/python bench/bench_items.py

A next round against a wholly different 20,000-paragraph draft, and an upload with 50,000 tracked
changes (10 to a paragraph), as the round job and the analysis job see them: their file's text
model is built (as at upload), then the bound is checked (``item_bounds.changed_places``,
``item_bounds.tracked_changes_bounded``). The old path compared the drafts (``compare``) and
built every item; the comparison is timed on a 2,000-paragraph pair here (the 20,000 pair took
256 s on this machine). No database: the bound's checks are pure. CPU seconds
(``time.process_time``), median of 3.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def timed(function, runs: int = 3) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(runs):
        start = time.process_time()
        result = function()
        times.append(time.process_time() - start)
    return statistics.median(times), result


def main() -> None:
    import django

    django.setup()
    from documents.docx.compare import compare
    from documents.docx.textmodel import build_text_model
    from review.workflow.item_bounds import TooManyItems, changed_places, tracked_changes_bounded

    # The drafts the tests use, so the bench times the same work.
    from tests.documents.hostile_drafts import docx_of, our_clauses, tracked_insertions, wholly_different

    sent, theirs = docx_of(our_clauses(20_000)), docx_of(wholly_different(20_000))
    build_s, model = timed(lambda: build_text_model(theirs), runs=1)
    sent_model = build_text_model(sent)
    bound_s, places = timed(lambda: changed_places(sent_model, model))
    small = build_text_model(docx_of(our_clauses(2_000))), build_text_model(docx_of(wholly_different(2_000)))
    compare_s, _ = timed(lambda: compare(*small), runs=1)
    print(f"round, 20,000 different paragraphs: their text model {build_s:.2f} s (upload), "
          f"bound {bound_s:.3f} s -> {places:,} places, refused; old path's compare on 2,000: {compare_s:.2f} s")

    upload = tracked_insertions(50_000)

    def check() -> str:
        try:
            tracked_changes_bounded(upload)
        except TooManyItems as exc:
            return str(exc)
        return "accepted"

    tracked_s, message = timed(check)
    print(f"upload, 50,000 tracked changes ({len(upload) // 1024} KB): bound {tracked_s:.3f} s -> {message[:60]}…")


if __name__ == "__main__":
    main()
