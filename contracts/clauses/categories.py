# ruff: noqa: E501
"""The 41 CUAD clause categories (CUAD v1, The Atticus Project, CC BY 4.0).

Names, descriptions and answer formats are CUAD's own, from its ``category_descriptions.csv``. The slug
is the name in lower case with every run of other characters turned into one ``-``; playbooks name a
clause type by it (``find: {clause: cap-on-liability}``).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Category:
    name: str  # CUAD's name, e.g. "Cap On Liability"
    slug: str
    title: str  # for people: "Cap on Liability"
    description: str
    answer_format: str
    group: str


def slug_for(name: str) -> str:
    """``"Rofr/Rofo/Rofn"`` -> ``"rofr-rofo-rofn"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


_SMALL = {"on", "of", "to", "or", "for", "and", "the", "not"}
_UPPER = {"ip", "rofr", "rofo", "rofn"}


def _title(name: str) -> str:
    words = re.split(r"(\W+)", name)
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if low in _UPPER:
            out.append(w.upper())
        elif i and low in _SMALL:
            out.append(low)
        else:
            out.append(w)
    return "".join(out)


_RAW: tuple[tuple[str, str, str, str], ...] = (
    ("Document Name", "The name of the contract", "Contract Name", "-"),
    ("Parties", "The two or more parties who signed the contract", "Entity or individual names", "-"),
    ("Agreement Date", "The date of the contract", "Date (mm/dd/yyyy)", "1"),
    ("Effective Date", "The date when the contract is effective", "Date (mm/dd/yyyy)", "1"),
    ("Expiration Date", "On what date will the contract's initial term expire?", "Date (mm/dd/yyyy) / Perpetual", "1"),
    (
        "Renewal Term",
        "What is the renewal term after the initial term expires? This includes automatic extensions and unilateral extensions with prior notice.",
        "[Successive] number of years/months / Perpetual",
        "1",
    ),
    (
        "Notice Period to Terminate Renewal",
        "What is the notice period required to terminate renewal?",
        "Number of days/months/year(s)",
        "1",
    ),
    (
        "Governing Law",
        "Which state/country's law governs the interpretation of the contract?",
        "Name of a US State / non-US Province, Country",
        "-",
    ),
    (
        "Most Favored Nation",
        "Is there a clause that if a third party gets better terms on the licensing or sale of technology/goods/services described in the contract, the buyer of such technology/goods/services under the contract shall be entitled to those better terms?",
        "Yes/No",
        "-",
    ),
    (
        "Non-Compete",
        "Is there a restriction on the ability of a party to compete with the counterparty or operate in a certain geography or business or technology sector?",
        "Yes/No",
        "2",
    ),
    (
        "Exclusivity",
        "Is there an exclusive dealing commitment with the counterparty? This includes a commitment to procure all \u201crequirements\u201d from one party of certain technology, goods, or services or a prohibition on licensing or selling technology, goods or services to third parties, or a prohibition on collaborating or working with other parties), whether during the contract or after the contract ends (or both).",
        "Yes/No",
        "2",
    ),
    (
        "No-Solicit of Customers",
        "Is a party restricted from contracting or soliciting customers or partners of the counterparty, whether during the contract or after the contract ends (or both)?",
        "Yes/No",
        "2",
    ),
    (
        "Competitive Restriction Exception",
        "This category includes the exceptions or carveouts to Non-Compete, Exclusivity and No-Solicit of Customers above.",
        "Yes/No",
        "2",
    ),
    (
        "No-Solicit of Employees",
        "Is there a restriction on a party\u2019s soliciting or hiring employees and/or contractors from the counterparty, whether during the contract or after the contract ends (or both)?",
        "Yes/No",
        "-",
    ),
    ("Non-Disparagement", "Is there a requirement on a party not to disparage the counterparty?", "Yes/No", "-"),
    (
        "Termination for Convenience",
        "Can a party terminate this contract without cause (solely by giving a notice and allowing a waiting period to expire)?",
        "Yes/No",
        "-",
    ),
    (
        "Rofr/Rofo/Rofn",
        "Is there a clause granting one party a right of first refusal, right of first offer or right of first negotiation to purchase, license, market, or distribute equity interest, technology, assets, products or services?",
        "Yes/No",
        "-",
    ),
    (
        "Change of Control",
        "Does one party have the right to terminate or is consent or notice required of the counterparty if such party undergoes a change of control, such as a merger, stock sale, transfer of all or substantially all of its assets or business, or assignment by operation of law?",
        "Yes/No",
        "3",
    ),
    (
        "Anti-Assignment",
        "Is consent or notice required of a party if the contract is assigned to a third party?",
        "Yes/No",
        "3",
    ),
    (
        "Revenue/Profit Sharing",
        "Is one party required to share revenue or profit with the counterparty for any technology, goods, or services?",
        "Yes/No",
        "-",
    ),
    (
        "Price Restrictions",
        "Is there a restriction on the ability of a party to raise or reduce prices of technology, goods, or services provided?",
        "Yes/No",
        "-",
    ),
    (
        "Minimum Commitment",
        "Is there a minimum order size or minimum amount or units per-time period that one party must buy from the counterparty under the contract?",
        "Yes/No",
        "-",
    ),
    (
        "Volume Restriction",
        "Is there a fee increase or consent requirement, etc. if one party\u2019s use of the product/services exceeds certain threshold?",
        "Yes/No",
        "-",
    ),
    (
        "IP Ownership Assignment",
        "Does intellectual property created by one party become the property of the counterparty, either per the terms of the contract or upon the occurrence of certain events?",
        "Yes/No",
        "-",
    ),
    (
        "Joint IP Ownership",
        "Is there any clause providing for joint or shared ownership of intellectual property between the parties to the contract?",
        "Yes/No",
        "-",
    ),
    ("License Grant", "Does the contract contain a license granted by one party to its counterparty?", "Yes/No", "4"),
    (
        "Non-Transferable License",
        "Does the contract limit the ability of a party to transfer the license being granted to a third party?",
        "Yes/No",
        "4",
    ),
    (
        "Affiliate License-Licensor",
        "Does the contract contain a license grant by affiliates of the licensor or that includes intellectual property of affiliates of the licensor?",
        "Yes/No",
        "4",
    ),
    (
        "Affiliate License-Licensee",
        "Does the contract contain a license grant to a licensee (incl. sublicensor) and the affiliates of such licensee/sublicensor?",
        "",
        "4",
    ),
    (
        "Unlimited/All-You-Can-Eat-License",
        "Is there a clause granting one party an \u201centerprise,\u201d \u201call you can eat\u201d or unlimited usage license?",
        "Yes/No",
        "4",
    ),
    (
        "Irrevocable or Perpetual License",
        "Does the contract contain a license grant that is irrevocable or perpetual?",
        "Yes/No",
        "4",
    ),
    (
        "Source Code Escrow",
        "Is one party required to deposit its source code into escrow with a third party, which can be released to the counterparty upon the occurrence of certain events (bankruptcy, insolvency, etc.)?",
        "Yes/No",
        "-",
    ),
    (
        "Post-Termination Services",
        "Is a party subject to obligations after the termination or expiration of a contract, including any post-termination transition, payment, transfer of IP, wind-down, last-buy, or similar commitments?",
        "Yes/No",
        "5",
    ),
    (
        "Audit Rights",
        "Does a party have the right to audit the books, records, or physical locations of the counterparty to ensure compliance with the contract?",
        "Yes/No",
        "5",
    ),
    (
        "Uncapped Liability",
        "Is a party\u2019s liability uncapped upon the breach of its obligation in the contract? This also includes uncap liability for a particular type of breach such as IP infringement or breach of confidentiality obligation.",
        "Yes/No",
        "6",
    ),
    (
        "Cap on Liability",
        "Does the contract include a cap on liability upon the breach of a party\u2019s obligation? This includes time limitation for the counterparty to bring claims or maximum amount for recovery.",
        "Yes/No",
        "6",
    ),
    (
        "Liquidated Damages",
        "Does the contract contain a clause that would award either party liquidated damages for breach or a fee upon the termination of a contract (termination fee)?",
        "Yes/No",
        "-",
    ),
    (
        "Warranty Duration",
        "What is the duration of any warranty against defects or errors in technology, products, or services provided under the contract?",
        "Number of months or years",
        "-",
    ),
    (
        "Insurance",
        "Is there a requirement for insurance that must be maintained by one party for the benefit of the counterparty?",
        "Yes/No",
        "-",
    ),
    (
        "Covenant Not to Sue",
        "Is a party restricted from contesting the validity of the counterparty\u2019s ownership of intellectual property or otherwise bringing a claim against the counterparty for matters unrelated to the contract?",
        "Yes/No",
        "-",
    ),
    (
        "Third Party Beneficiary",
        "Is there a non-contracting party who is a beneficiary to some or all of the clauses in the contract and therefore can enforce its rights against a contracting party?",
        "Yes/No",
        "-",
    ),
)

CATEGORIES: tuple[Category, ...] = tuple(
    Category(name=n, slug=slug_for(n), title=_title(n), description=d, answer_format=f, group=g) for n, d, f, g in _RAW
)
BY_SLUG: dict[str, Category] = {c.slug: c for c in CATEGORIES}
SLUGS: tuple[str, ...] = tuple(BY_SLUG)


def suggest(slug: str) -> str | None:
    """The closest known slug, for a did-you-mean."""
    close = difflib.get_close_matches(slug_for(slug), SLUGS, n=1, cutoff=0.5)
    return close[0] if close else None
