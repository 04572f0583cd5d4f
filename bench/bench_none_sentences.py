"""Key terms the experts leave empty stay empty when the body says something near them.

    python bench/bench_none_sentences.py

"None where none" (bench/bench_key_terms.py) counts the terms we fill where CUAD's experts have
none. Rules written while reading failures fit the sentences of the contracts read; this measures
whether a term we leave empty as written stays empty when one common sentence of a body that
states no such term is added half way through: a renewal of something else than the agreement
(a warranty extended, insurance renewed annually), a termination notice that is no notice of
non-renewal, a law named for another purpose (a party's incorporation, compliance, export), a
definition dating another agreement (round 10: the agreement date stays "no date stated").
Counted per term over the seen and dev contracts whose experts give none and whose key terms
(the clause model's passages included) give none as written, by fold: the develop folds, and the
pseudo-held-out fold (bench/bench_key_terms_folds.py), whose contracts' failures are not printed.
The held-out fifth of cuad-train is skipped before its text is read. bench/bench_date_phrasings.py
does the same for the effective date ("no effective date stays none").
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_date_phrasings import contracts
from bench_key_terms import DATA, ROOT
from bench_key_terms_folds import group

SENTENCES = {
    # Round 10: a definition dating another agreement (its parties' names holding parentheses and periods).
    "Agreement Date": (
        '"Supply Agreement" means the Supply Agreement entered into by and between the Company and Acme (Hong Kong) '
        'Holdings Limited, dated as of March 3, 2005.',
        '"Original License" means that certain License Agreement between Licensor and Beta (Shanghai) Trading Co., '
        'Ltd. dated May 8, 2008, as amended.',
        '"Credit Agreement" shall mean the Credit Agreement, dated as of June 30, 2010, among the Company, the '
        'lenders party thereto and Bank of America, N.A., as administrative agent.',
    ),
    "Renewal Term": (
        "The warranty period shall be twelve (12) months from delivery and may be extended for an additional six "
        "(6) months at Customer's expense.",
        "Licensee shall renew its insurance policies annually and provide certificates within thirty (30) days of "
        "renewal.",
        "The parties may extend this Agreement by mutual written agreement.",
    ),
    "Notice Period To Terminate Renewal": (
        "Either party may terminate this Agreement at any time upon thirty (30) days' prior written notice to the "
        "other party.",
        "Company may terminate this Agreement for convenience upon ninety (90) days written notice.",
    ),
    "Governing Law": (
        "Each party shall comply with all applicable laws of the State of California.",
        "The Company is a corporation organized and existing under the laws of the State of Delaware.",
        "Any arbitration shall take place in New York, New York.",
        "Licensee shall not export the Software in violation of the export laws of the United States.",
    ),
}
SLUG = {
    "Agreement Date": "agreement-date",
    "Renewal Term": "renewal-term",
    "Notice Period To Terminate Renewal": "notice-period-to-terminate-renewal",
    "Governing Law": "governing-law",
}

NONE = ("", "no date stated")  # what a key term says when the contract states none


def run() -> dict[str, list[int]]:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from analysis_identity import docx_of_text

    from contracts.keyterms import key_terms
    from documents.docx.textmodel import build_text_model

    def values(text: str) -> dict[str, str]:
        return {t.slug: t.value for t in key_terms(build_text_model(docx_of_text(text)))}

    dev = {json.loads(line)["cuad_filename"] for line in (DATA / "cuad" / "answers.jsonl").open()}
    counts: dict[str, list[int]] = {}
    for name, text, answers in contracts():
        where = "develop" if name in dev else group("seen", name)
        empty = [term for term in SENTENCES if not answers.get(term, "").strip()]
        cut = text.find("\n", len(text) // 2)
        if not empty or cut < 0:
            continue
        found = values(text)
        empty = [term for term in empty if found[SLUG[term]] in NONE]
        for term in empty:
            for sentence in SENTENCES[term]:
                again = values(text[:cut] + "\n\n" + sentence + "\n" + text[cut:])
                row = counts.setdefault(f"{term} stays none ({where})", [0, 0])
                row[0] += int(again[SLUG[term]] in NONE)
                row[1] += 1
    return counts


def main() -> int:
    print("| a body sentence added | stays none |\n|---|---|")
    for family, (ok, n) in sorted(run().items()):
        print(f"| {family} | {ok}/{n} ({100 * ok / n:.0f}%) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
