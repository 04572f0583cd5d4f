# ruff: noqa: E501
"""Does a library rule find its clause better on phrases or on a clause type? (20 CUAD dev contracts)

    .venv/bin/python bench/measure_library_clauses.py

For each rule of saas-customer.yaml / mutual-nda.yaml that has a CUAD counterpart, whether the
rule's find selects a sentence (must_exist is ok) is compared with CUAD's expert label of that
category: contract-level P/R/F1 of the old phrase find and of ``find: {clause: ...}``. The figures
are quoted in comments on the rules that moved to clause types.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django  # noqa: E402

django.setup()
from bench_cuad import dev_items  # noqa: E402

from playbooks.loader import load_playbook  # noqa: E402
from review.engine import get_engine  # noqa: E402

files, labels, model_of = dev_items(ROOT.parent / "shared" / "data" / "cuad")


def rule(find, check="{must_exist: true}"):
    return load_playbook(
        f"name: m\nrules:\n  - id: r\n    title: r\n    find: {find}\n    check: {check}\n    positions: [x]\n"
    )


cands = {
    "cap old": (
        "Cap On Liability",
        rule(
            '{any: ["limitation of liability", "limitation on liability", "total liability", "aggregate liability", "cumulative liability", "liability cap"]}'
        ),
    ),
    "cap clause": ("Cap On Liability", rule("{clause: cap-on-liability}")),
    "renewal old": ("Renewal Term", rule('{any: ["renew"]}')),
    "renewal clause": ("Renewal Term", rule("{clause: renewal-term}")),
    "nonrenewal old": (
        "Notice Period To Terminate Renewal",
        rule('{any: ["non-renewal", "nonrenewal", "not to renew", "renew"]}'),
    ),
    "nonrenewal clause": ("Notice Period To Terminate Renewal", rule("{clause: notice-period-to-terminate-renewal}")),
    "assign old": ("Anti-Assignment", rule('{any: ["assign"]}')),
    "assign clause": ("Anti-Assignment", rule("{clause: anti-assignment}")),
    "insurance old": ("Insurance", rule('{any: ["insurance"]}')),
    "insurance clause": ("Insurance", rule("{clause: insurance}")),
    "nonsolicit old": (
        "No-Solicit Of Employees",
        rule('{any: ["solicit", "hire", "employ"], regex: "\\\\bsolicit|\\\\bhire\\\\b|\\\\bemploy\\\\b"}'),
    ),
    "nonsolicit clause": ("No-Solicit Of Employees", rule("{clause: no-solicit-of-employees}")),
}

engine = get_engine(use_llm=False)
models = {n: model_of(n)[0] for n in files}
for key, (cat, spec) in cands.items():
    tp = fp = fn = 0
    for n in files:
        truth = labels[(n, cat.lower())]["has_clause"]
        found = engine.analyze(models[n], spec)[0].status == "ok"
        tp += found and truth
        fp += found and not truth
        fn += (not found) and truth
    p = tp / (tp + fp) if tp + fp else 1
    r = tp / (tp + fn) if tp + fn else 1
    print(f"{key:20s} P {p:.2f} R {r:.2f} F1 {2 * p * r / (p + r) if p + r else 0:.2f}  (tp {tp} fp {fp} fn {fn})")
