"""A section titled for a rule's clause, whose text confirms it: the contract has the clause.

Terms published as web pages and converted to Word give each clause a heading of its own ("Return
of Materials", "Indemnify Customer") or a title run into its text ("B. Exceptions. Confidential
Information shall not, however, include ..."), and say the clause in their own words, which a
rule's narrow search may miss. Missing means missing: such a section is compared with the
playbook's wording, never duplicated. The title alone is no proof (a heading may name a clause
that only refers to another), so its text must speak of what the playbook's wording says."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from contracts.document import structure_of
from contracts.sentences import split_sentences

if TYPE_CHECKING:
    from playbooks.rules import Rule
    from review.engine.find import PreparedDocument, Sentence

# Words of a title that name no kind of clause: any section of any contract may carry them.
_GENERIC = frozenset({
    "agreement", "agreements", "information", "confidential", "confidentiality", "terms", "term", "general",
    "provisions", "provision", "miscellaneous", "other", "party", "parties", "customer", "customers", "vendor",
    "provider", "supplier", "developer", "company", "contract", "services", "service", "software", "data",
    "obligations", "obligation", "rights", "right", "definitions", "section", "clause", "article", "and", "or",
    "of", "the", "to", "for", "by", "in", "on", "with", "non", "a", "an", "your", "our", "its", "their",
})  # fmt: skip
# Words of a clause's text that say nothing of what it provides.
_STOP = frozenset({
    "shall", "will", "with", "that", "this", "these", "those", "such", "from", "into", "under", "which", "each",
    "other", "than", "have", "been", "being", "upon", "only", "must", "does", "within", "without", "after",
    "before", "either", "both", "whose", "their", "them", "they", "there", "thereof", "herein", "hereunder",
    "agreement", "party", "parties", "information", "confidential", "including", "include", "includes",
})  # fmt: skip
_WORD = re.compile(r"[a-z]{4,}")
_TITLE_WORD = re.compile(r"[a-z]{3,}")
_TITLE_WORD_OR_JOIN = re.compile(r"[a-z]{3,}|\bor\b")
_STEM = 5  # letters a word and its forms share ("return", "returned"; "indemnity", "indemnify")
# A label before a title ("3.", "B.", "(a)", "Section 7.", "IV.").
_LABEL = re.compile(
    r"^\s*(?:(?:section|article|clause)\s+)?(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z]\.|\(?[a-z]{1,2}[.)]|[IVXL]{1,6}\.)\s+",
    re.IGNORECASE,
)
# A title run into the clause's text: a few capitalised words and a full stop, then a sentence
# ("Exceptions. Confidential Information shall not ...", "Return of Materials. All documents ...").
_RUN_IN = re.compile(r"(?P<title>[A-Z][\w'\u2019-]*(?:[ \t]+[\w'\u2019-]+){0,5})[.:][ \t\u00a0]+(?=[A-Z(\"\u201c])")
# The party a one-sided wording binds, as it opens ("Developer shall defend ...", "The Company
# warrants ...", "the receiving Party shall ..."), and a duty of that party in a sentence (its
# name, at most three words, a verb of duty).
_SUBJECT = re.compile(
    r"^(?:the\s+)?(?P<party>(?:[a-z]+\s+(?=Party\b))?[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})\s+"
    r"(?:shall|will|must|agrees|warrants|represents)\b"
)
_DUTY = r"(?:\s+[\w,]+){0,3}?\s+(?:shall|will|must|agrees?|undertakes?|warrants?|represents?|hereby|covenants?)\b"
# What a wording may open with before the party it binds ("Notwithstanding any limitation or
# exclusion of liability in this Agreement, Provider shall defend ..."): the bound party follows it.
# Also a condition or a time ("On Discloser's written request, Recipient shall ...", "Upon
# termination, ...").
_LEAD_IN = re.compile(
    r"^\s*(?:notwithstanding|subject\s+to|except|on|upon|if|where|when|after|following)\b[^,.;]{0,200},\s*",
    re.IGNORECASE,
)
_SECTION_PARAGRAPHS = 8  # paragraphs of a section under a heading read, at most
# How much of the playbook's wording the section's text must say: shared stems, in number and share.
_SHARED = 4
_SHARE = 0.25


def titled_section(rule: Rule, document: PreparedDocument, *, one_sided: bool) -> tuple[Sentence, str] | None:
    """The section of the body titled for ``rule``'s clause (a word of its ``heading`` or one of its
    ``also_titled`` titles, none of them a word any section may carry) whose text shares enough of
    the playbook's wording, as its sentence that shares most; None otherwise."""
    if not rule.positions or not document.paragraphs:
        return None
    bound: re.Pattern[str] | None = None
    if one_sided and not rule.also_titled:
        # A duty of one side ("Developer shall defend Customer ..."): a section titled for the kind
        # may hold the other side's ("By Customer. Customer represents and warrants ..."), so the
        # section counts only where the same party is the subject of a duty in it ("Developer
        # agrees to give Customer Indemnification ...").
        party = _bound_party(rule.positions[0])
        if not party:
            return None
        bound = re.compile(rf"(?<!\w){re.escape(party)}(?:['\u2019]s)?{_DUTY}")
    wanted = _title_stems(rule)
    if not wanted:
        return None
    wording = _stems(rule.positions[0])
    if len(wording) < _SHARED:
        return None
    structure = structure_of(document.model)
    for title, sentences in _titled_sections(document, structure):
        if not any(same_word(kind, head) for kind in wanted for head in title_heads(title)):
            continue
        body = [s for s in sentences if structure.in_body(s.paragraph_index, s.start)]
        # A sentence of the section that names the kind ("Developer agrees to give Customer
        # Indemnification"), and where the wording binds one party, binds that party.
        of_kind = [s for s in body if _names_kind(s.text, wanted) and (bound is None or bound.search(s.text))]
        if bound is not None and not of_kind:
            kept = _kept_by(body, party, wanted) if _only_the_kind(title, wanted) else None
            if kept is not None:
                return (
                    kept,
                    f"its section \u201c{title}\u201d is titled for this clause and sets out what {party} "
                    "undertakes, in words of its own",
                )
            continue
        shared = wording & set().union(*(_stems(s.text) for s in body)) if body else set()
        if len(shared) < _SHARED or len(shared) < _SHARE * len(wording):
            continue
        best = max(of_kind or body, key=lambda s: len(wording & _stems(s.text)))
        return (
            best,
            f"its section \u201c{title}\u201d is titled for this clause and says much of what the playbook's "
            "wording says",
        )
    return None


# A sentence that refuses or disclaims what a section's title promises ("does not warrant", "AS IS").
_DISCLAIMS = re.compile(r"\bdisclaim|\bas[\s\u00a0]+is\b|\bwithout\s+(?:any\s+)?warrant", re.IGNORECASE)
# Another party bound to the title's kind in the section ("Customer represents and warrants ...").
_BINDS = r"(?:['\u2019]s)?" + _DUTY


def _only_the_kind(title: str, wanted: set[str]) -> bool:
    """``title`` names the clause's kind and nothing else ("Warranty", "Warranties"), not whose it
    is or what else the section holds ("Customer Obligations and Warranties")."""
    words = [w for w in re.findall(r"[a-z]+", title.lower()) if len(w) >= 3 and w not in _OF_THE_SERVICE]
    return bool(words) and all(any(same_word(kind, w) for kind in wanted) for w in words)


# Words a title for the kind alone may carry beside it ("Service Warranty", "Warranty of the Services").
_OF_THE_SERVICE = frozenset({"the", "and", "for", "service", "services", "software", "product", "products"})


def _kept_by(body: list[Sentence], party: str, wanted: set[str]) -> Sentence | None:
    """The sentence of a section titled for the clause's kind that shows ``party`` takes it on in
    words of its own: a sentence that names ``party`` (or its product: "Defects in the supplied
    Travis CI Software shall be remediated ...") and neither refuses nor disclaims, where no other
    party is bound to the kind in the section ("By Customer. Customer represents and warrants ...").
    None where the section only disclaims ("AS IS"), names ``party`` nowhere, or binds another."""
    named = re.compile(rf"(?<!\w){re.escape(party)}(?!\w)")
    for sentence in body:
        for subject in _ANOTHER_SUBJECT.finditer(sentence.text):
            if not subject.group(0).startswith(party) and _names_kind(sentence.text, wanted):
                return None
    for sentence in body:
        if named.search(sentence.text) and not _REFUSAL.search(sentence.text) and not _DISCLAIMS.search(sentence.text):
            return sentence
    return None


def _bound_party(wording: str) -> str:
    """The party a one-sided wording binds, after what it opens with ("Notwithstanding ..., Provider
    shall defend ..." -> "Provider"); "" when it opens with no party's duty."""
    subject = _SUBJECT.match(_LEAD_IN.sub("", wording, count=1))
    return subject.group("party") if subject is not None else ""


def _title_stems(rule: Rule) -> set[str]:
    """The words that name the clause's kind in its titles: the last word of each that names
    any ("Indemnity" of "Intellectual Property Indemnity", whose other words a section about
    intellectual property rights carries too), with the words "or" and "and" join to it ("Return
    or Destruction")."""
    stems: set[str] = set()
    for title in (rule.heading, *rule.also_titled):
        # ("or" too, though two letters: it joins "Return" to "Destruction".)
        words = _TITLE_WORD_OR_JOIN.findall(title.lower().replace("-", " "))
        at = max((i for i, w in enumerate(words) if w not in _GENERIC), default=None)
        while at is not None:
            stems.add(words[at])
            joined = at >= 2 and words[at - 1] in ("or", "and") and words[at - 2] not in _GENERIC
            at = at - 2 if joined else None
    return stems


# Words after which a title's part names what its head word is about ("Return of Materials",
# "Modifications by Customer", "Administration of Insurance Center").
_OF = frozenset({"of", "by", "for", "to", "from", "under", "with", "on", "in"})


def _names_kind(text: str, kinds: set[str]) -> bool:
    return any(same_word(kind, word) for kind in kinds for word in set(_TITLE_WORD.findall(text.lower())))


def title_heads(title: str) -> set[str]:
    """The words that say what kind of section ``title`` is: in each part of it (between commas,
    semicolons, "and", "or"), the word before its first "of" ("Return" of "Return of Materials")
    and its last word that names a kind. A word that only qualifies another ("Insurance" in
    "Administration of Insurance Center", a product's name) is none; a hyphen joins no word to a
    title's ("Non-use and Non-disclosure": "use", "disclosure")."""
    heads: set[str] = set()
    for part in re.split(r"[,;&/]|\band\b|\bor\b", title.lower().replace("-", " ")):
        words = [w for w in re.findall(r"[a-z]+", part) if len(w) >= 3 or w in _OF]
        cut = next((i for i, w in enumerate(words) if w in _OF), len(words))
        if 0 < cut < len(words) and words[cut - 1] not in _GENERIC:
            heads.add(words[cut - 1])
        last = [w for w in words[:cut] if w not in _GENERIC]
        if last:
            heads.add(last[-1])
    return heads


def same_word(a: str, b: str) -> bool:
    """Two forms of one word ("return", "returned"; "indemnity", "indemnification"; "destruction",
    "destroy"): they share all but the last two letters of the shorter, and at least five. Not
    "convenience" and "conversion" or "Converge", which share five letters of longer words."""
    shared = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return shared >= max(_STEM, min(len(a), len(b)) - 2)


def _stems(text: str) -> set[str]:
    return {w[:_STEM] for w in _WORD.findall(text.lower()) if w not in _STOP}


def _titled_sections(document: PreparedDocument, structure: Any) -> list[tuple[str, list[Sentence]]]:
    """Each title of the body and the sentences of its section: a heading paragraph and the
    paragraphs under it up to the next heading of its level or above; a title run into a
    paragraph's text and that paragraph's sentences after it."""
    paragraphs = document.paragraphs
    out: list[tuple[str, list[Sentence]]] = []
    for index, para in enumerate(paragraphs):
        text = para.paragraph.text
        if not text.strip() or not structure.in_body(index):
            continue
        if index in structure.headings:
            title = _LABEL.sub("", text.strip(), count=1).strip(" \t\u00a0.:")
            level = para.paragraph.heading_level
            sentences: list[Sentence] = []
            for following in range(index + 1, min(index + 1 + _SECTION_PARAGRAPHS, len(paragraphs))):
                if following in structure.headings:
                    other = paragraphs[following].paragraph.heading_level
                    if level is None or other is None or other <= level:
                        break
                sentences.extend(paragraphs[following].sentences)
            out.append((title, sentences))
            continue
        label = _LABEL.match(text)
        run_in = run_in_title(text, label.end() if label else 0)
        if run_in is None:
            continue
        out.append((run_in.group("title"), [s for s in para.sentences if s.end > run_in.end()]))
    return out


def run_in_title(text: str, at: int = 0) -> re.Match[str] | None:
    """The title run into ``text`` at ``at`` ("Return of Materials. All documents ...", "Indemnity. To
    the fullest extent ..."), its group "title"; None where the words there open a sentence."""
    run_in = _RUN_IN.match(text, at)
    return run_in if run_in is not None and _title_case(run_in.group("title")) else None


def _title_case(title: str) -> bool:
    """A title, not a sentence's opening words: each word of four letters or more capitalised."""
    return all(w[0].isupper() for w in title.split() if len(w) >= 4)


# A title word short enough to be a common verb ("use") says nothing of a duty's kind; a title word
# of six letters or more ("indemnity", "warranty") names one, in its verb form too ("indemnify",
# "warrants").
_KIND_LETTERS = 6
# Words that turn a duty into its refusal ("Company does not warrant ...", "shall not be required to
# indemnify", "makes no warranty").
_REFUSAL = re.compile(r"\b(?:not|no|never|neither|nor|cannot)\b|n['\u2019]t\b", re.IGNORECASE)
# The words of a duty itself and of its remedy, which any indemnity or warranty says whatever it is
# about ("defend", "indemnify", "against any claims, losses, damages, costs and reasonable attorneys'
# fees ... awarded or agreed in settlement"): an indemnity for taxes says them as one for infringement does.
_DUTY_STEMS = frozenset({
    "defen", "indem", "agree", "again", "harml", "hold", "warra", "repre", "coven", "under", "promp", "expen",
    "claim", "damag", "costs", "fees", "losse", "liabi", "attor", "reaso", "settl", "award", "final", "third",
    "judgm", "penal", "fines", "suits", "actio", "deman", "incur", "arisi", "resul", "durin", "relat",
})  # fmt: skip
# Another party named as the subject of a duty between the party and the kind's word ("ELEPHANT TALK
# ... fail to comply with a T-Mobile request, ELEPHANT TALK shall ... indemnify T-Mobile").
# ("You agree to hold harmless and indemnify [the vendor] ...": "you" agree, in the plural)
_ANOTHER_SUBJECT = re.compile(r"[A-Z][\w&.-]*\s+(?:shall|will|must|agrees|hereby)\b|\b(?:You|We)\s+agree\b")
_ABOUT_SHARED = 3  # words of what the clause is about, beyond its duty and remedy, said at least
_SAID_SENTENCES = 3  # the sentence of the duty and the next ones of its paragraph, at most
# The kind's word as the party's own verb, right after its name ("Provider warrants",
# "Developer indemnifies"), not a noun ("warranties").
_VERB_FORM = re.compile(r"\w+(?<!ie)s", re.IGNORECASE)
_DUTY_WORDS = 8  # words between the duty's verb and the kind's word, at most ("shall defend at its own
# expense and indemnify")


def duty_of_the_kind(rule: Rule, document: PreparedDocument, in_body: Any) -> tuple[Sentence, str] | None:
    """A sentence of the body in which the party the playbook's one-sided wording binds already takes
    on a duty of the clause's kind ("PC Financial shall defend at its own expense and indemnify
    Mobimagic ...", "We warrant that ..."), in whatever other words and under whatever title, or None.

    Missing means missing: that party's own indemnity or warranty is the passage to compare (does it
    reach intellectual property claims? the services' performance?), since a second one beside it
    duplicates or contradicts it; the lawyer widens the existing clause rather than adding another.
    ``in_body(paragraph_index, start)``: whether a place is in the body (not the opening, the
    signatures or a schedule)."""
    if not rule.positions or not document.paragraphs:
        return None
    party = _bound_party(rule.positions[0])
    if not party:
        return None
    kinds = [kind[: max(_KIND_LETTERS, len(kind) - 2)] for kind in _title_stems(rule) if len(kind) >= _KIND_LETTERS]
    if not kinds:
        return None
    duty = re.compile(
        rf"(?<!\w){re.escape(party)}(?P<duty>{_DUTY}(?:\s+[\w,]+){{0,{_DUTY_WORDS}}}?)?\s+"
        rf"(?P<kind>(?:{'|'.join(re.escape(k) for k in kinds)})\w*)",
        re.IGNORECASE if party.lower() in ("we", "you") else 0,
    )
    # What the clause is about, beyond the duty itself: the wording's words, less the party's name, the
    # duty's own words and what it opens with ("intellectual property", "claim", "infringe", "settlement";
    # "Documentation", "perform", "functionality").
    # (Its first sentence, the duty: not the procedure and remedies after it, which an existing
    # indemnity may well leave out and still be the clause to compare.)
    spans = split_sentences(rule.positions[0])
    first = rule.positions[0][spans[0][0] : spans[0][1]] if spans else rule.positions[0]
    about = _stems(_LEAD_IN.sub("", first, count=1)) - _stems(party) - _DUTY_STEMS
    about -= {kind[:_STEM] for kind in kinds}
    for para in document.paragraphs:
        for at, sentence in enumerate(para.sentences):
            for found in duty.finditer(sentence.text):
                between = sentence.text[found.start() : found.start("kind")]
                if found.group("duty") is None and not _VERB_FORM.fullmatch(found.group("kind")):
                    continue  # the kind's word, not the party's duty ("Provider warranty claims")
                if _REFUSAL.search(between) or _ANOTHER_SUBJECT.search(between, len(party)):
                    continue  # a refusal, or another party's duty ("... request, Acme shall indemnify")
                if not in_body(sentence.paragraph_index, sentence.start):
                    continue
                # A duty of that kind about something else (taxes, a breach of the non-solicitation
                # covenant) leaves the clause missing: the sentence and the next ones of its paragraph
                # must say enough of what the wording is about.
                said = set().union(*(_stems(s.text) for s in _same_clause(para.sentences, at, party)))
                shared = about & said
                if len(shared) < _ABOUT_SHARED or len(shared) < _SHARE * len(about):
                    continue
                return (
                    sentence,
                    f"{party} already takes on a duty of this kind here (\u201c{found.group('kind')}\u201d) "
                    "and it says much of what the playbook's wording says",
                )
    return None


def _same_clause(sentences: list[Sentence], at: int, party: str) -> list[Sentence]:
    """The sentence at ``at`` and the next ones of its paragraph that go on with its clause (at most
    ``_SAID_SENTENCES``): not one that opens another numbered clause ("5.7. Client will defend ...", a
    PDF page's paragraph holds several) or binds another party ("Client will ...")."""
    kept = [sentences[at]]
    for sentence in sentences[at + 1 : at + _SAID_SENTENCES]:
        subject = _SUBJECT.match(_LABEL.sub("", sentence.text, count=1))
        if _LABEL.match(sentence.text) or (subject is not None and subject.group("party") != party):
            break
        kept.append(sentence)
    return kept
