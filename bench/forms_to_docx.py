"""The markdown and text forms of ../shared/data/forms (GitHub's and 37signals' terms), written as the
.docx a lawyer would receive, for a lawyer read outside CUAD (docs/decisions/redlines-qa.md, "Round 20
lawyer read"). Not part of the corpus run; the files are written outside the repository.

    python3 -m venv /tmp/mdvenv && /tmp/mdvenv/bin/pip install markdown
    /tmp/mdvenv/bin/python bench/forms_to_docx.py /tmp/fresh20        # needs LibreOffice (soffice)
    .venv/bin/python bench/forms_to_docx.py /tmp/fresh20 --texts        # the two DPAs, one paragraph a line
    /tmp/mdvenv/bin/python bench/forms_to_docx.py /tmp/pool21 --from SRC  # any saved markdown pages in SRC

``--from SRC``: the markdown of published templates saved from public repositories (round 21's pool,
docs/decisions/redlines-qa.md "Round 21 lawyer read"), with one pass first so the page reads as its
publisher renders it: a blank line before a list that follows a paragraph line, and after an HTML
heading line (Python-Markdown otherwise folds both into the paragraph before).

Markdown: front matter, HTML comments and template tags dropped, Python-Markdown to HTML (tables on),
LibreOffice's HTML import to .docx (headings become Heading paragraphs, lists list paragraphs). Text: the
writer the corpus uses for cuad-train's texts (``bench/analysis_identity.py`` ``docx_of_text``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

FORMS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "forms"
MARKDOWN = [*sorted(FORMS.glob("github_site_policy/github_*.md")), FORMS / "basecamp" / "basecamp_terms_of_service.md",
            FORMS / "basecamp" / "basecamp_sla.md"]
TEXTS = [FORMS / "basecamp" / "basecamp_dpa_current.txt", FORMS / "basecamp" / "basecamp_dpa_v202212.txt"]


def html_of(markdown_text: str) -> str:
    import markdown  # only in the converter's own environment (see above)

    text = re.sub(r"\A---\n.*?\n---\n", "", markdown_text, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}", "", text, flags=re.S)
    body = markdown.markdown(text, extensions=["tables"])
    return f"<html><head><meta charset='utf-8'></head><body>{body}</body></html>"


_LIST_ITEM = re.compile(r"^\s{0,8}(?:\d+\.|[-*])\s+")
_HTML_HEADING = re.compile(r"^\s*<h[1-6][^>]*>.*</h[1-6]>\s*$")


def _as_published(text: str) -> str:
    """A blank line before a list that follows a line of a paragraph, and after an HTML heading."""
    out: list[str] = []
    previous = ""
    for line in text.split("\n"):
        if _LIST_ITEM.match(line) and previous.strip() and not _LIST_ITEM.match(previous) \
                and not previous.startswith(" "):
            out.append("")
        out.append(line)
        if _HTML_HEADING.match(line):
            out.append("")
        previous = line
    return "\n".join(out)


def main() -> int:
    out = Path(sys.argv[1])
    (out / "docx").mkdir(parents=True, exist_ok=True)
    if "--texts" in sys.argv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from analysis_identity import docx_of_text

        for path in TEXTS:
            (out / "docx" / f"{path.stem}.docx").write_bytes(docx_of_text(path.read_text()))
        return 0
    (out / "html").mkdir(exist_ok=True)
    pages = []
    saved = sys.argv.index("--from") if "--from" in sys.argv else None
    sources = sorted(Path(sys.argv[saved + 1]).glob("*.md")) if saved is not None else MARKDOWN
    for path in sources:
        page = out / "html" / f"{path.stem}.html"
        text = path.read_text()
        page.write_text(html_of(_as_published(text) if saved is not None else text))
        pages.append(str(page))
    subprocess.run(["soffice", "--headless", "--convert-to", "docx:MS Word 2007 XML", "--outdir", str(out / "docx"),
                    *pages], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
