"""Scaling of a whole review: cost per decision on the same contract repeated 10x and 40x.

    .venv/bin/python bench/bench_scaling.py [--runs 1] [--write-readme]

The 10-page contract (Common Paper DPA) is concatenated N times into one .docx (its body
repeated, the section properties once). ``manage.py review CONTRACT --playbook P --decide
accept-all`` runs in a subprocess on a throw-away SQLite database: analysis, every decision
through the workflow (re-anchor, accept, new version, cursor), completion, exports. The command's
own report gives the time spent deciding; per decision = that / decisions. The playbook
(``common.SCALING_PLAYBOOK``) makes 3 recommendations per copy: number-only edits ("10 business
days" -> "30 days") and a whole-sentence replacement. Target: per-decision cost at 40x at most
1.3x that at 10x. When missed, the 40x review runs once more under pyinstrument for the profile.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common

TARGET_RATIO = 1.3


def run_review(copies: int, work: Path, redis_url: str, profile: bool = False) -> dict:
    var = work / f"var-{copies}-{'p' if profile else 't'}-{time.monotonic_ns()}"
    var.mkdir(parents=True)
    contract = work / f"dpa-x{copies}.docx"
    if not contract.exists():
        contract.write_bytes(common.repeat_body(common.TEN_PAGE.read_bytes(), copies))
    playbook = work / "playbook.yaml"
    playbook.write_text(common.SCALING_PLAYBOOK, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDPEN_ENV"}}
    env.update({"REDPEN_VAR_DIR": str(var), "REDPEN_MEDIA_ROOT": str(var / "media"),
                "DJANGO_SETTINGS_MODULE": "config.settings", "REDIS_URL": redis_url})
    manage = str(common.ROOT / "manage.py")
    subprocess.run([common.PY, manage, "migrate", "--noinput", "-v", "0"], env=env, check=True, cwd=common.ROOT)
    out = var / "out"
    command = [manage, "review", str(contract), "--playbook", str(playbook), "--decide", "accept-all",
               "--author", "Bench Lawyer", "--out", str(out)]
    session_path = var / "profile.pyisession"
    if profile:
        common.pyinstrument_profiler()  # installs it when absent
        command = ["-m", "pyinstrument", "-i", "0.001", "-r", "session", "-o", str(session_path), *command]
    started = time.perf_counter()
    done = subprocess.run([common.PY, *command], env=env, cwd=common.ROOT, capture_output=True, text=True,
                          check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"review command failed: {done.stderr[-2000:]}")
    report = json.loads((out / "report.json").read_text())
    n = len(report["decisions"])
    outcomes: dict[str, int] = {}
    for item in report["decisions"]:
        outcomes[item["outcome"]] = outcomes.get(item["outcome"], 0) + 1
    result = {
        "copies": copies,
        "pages": round(copies * 30955 / 3000),
        "wall_s": wall,
        "analysis_s": report["timings"]["analysis_s"],
        "decisions_s": report["timings"]["decisions_s"],
        "redline_s": report["timings"]["redline_s"],
        "decisions": n,
        "outcomes": outcomes,
        "versions": report["versions"],
        "status": report["status"],
        "per_decision_ms": report["timings"]["decisions_s"] / n * 1000 if n else float("nan"),
    }
    if profile:
        from pyinstrument.session import Session

        result["profile"] = common.profile_rows(Session.load(str(session_path)), top=14)
    return result


def render(result: dict, command: str) -> str:
    rows = []
    for r in result["sizes"]:
        rows.append([f"{r['copies']}\u00d7 (~{r['pages']} pages)", r["decisions"], r["versions"],
                     f"{r['analysis_s']:.2f} s", f"{r['decisions_s']:.1f} s", f"**{r['per_decision_ms']:.1f} ms**",
                     f"{r['redline_s']:.2f} s", f"{r['wall_s']:.1f} s",
                     ", ".join(f"{k} {v}" for k, v in sorted(r["outcomes"].items()))])
    ratio = result["ratio"]
    lines = [
        "A whole review headless: `manage.py review CONTRACT --playbook P --decide accept-all` (subprocess, "
        "throw-away SQLite) on the 10-page Common Paper DPA repeated 10\u00d7 and 40\u00d7 in one .docx. The playbook "
        "(`SCALING_PLAYBOOK` in `bench/common.py`) makes 3 recommendations per copy: two number-only edits and "
        "one whole-sentence replacement. "
        "Per decision = the command's own decision time / decisions (median of "
        f"{result['runs']} run{'s' if result['runs'] > 1 else ''}).",
        "",
        f"Command: `{command}`  ",
        f"Machine: {result['machine']}. Load average during the run: {result['load']}.",
        "",
        common.md_table(["contract", "decisions", "final version", "analysis", "deciding", "per decision",
                         "redline export", "command wall", "outcomes"], rows,
                        ["---", *["--:"] * 7, "---"]),
        "",
        f"Per-decision cost 40\u00d7 / 10\u00d7 = **\u00d7{ratio:.2f}** (target ≤ \u00d7{TARGET_RATIO}): "
        + ("**met**." if ratio <= TARGET_RATIO else f"**missed** by \u00d7{ratio / TARGET_RATIO:.2f}.")
        + " History does not grow the cost (the version-200 figures of the decision bench), and neither, "
        f"much, does the contract's length: 4\u00d7 the text costs \u00d7{ratio:.2f} per decision. A new version "
        "stores only its edit (its whole text model only every 32nd version), so what is left growing with the "
        "length is walking the paragraphs (locating the edit, re-anchoring the next proposal).",
    ]
    if result.get("profile"):
        rows = result["profile"]

        def share(name: str) -> str:
            found = [v for k, v in rows.get("cumulative_app", []) if k == name]
            if found:
                return f"{found[0] * 100:.0f}%"
            listed = [v for _, v in rows.get("cumulative_app", [])]
            return f"under {min(listed) * 100:.0f}%" if listed else "?"

        def own(name: str) -> str:
            return f"{sum(v for k, v in rows.get('self', []) if k == name) * 100:.0f}%"

        decide = share("review/management/commands/review.py:_decide_all")
        create = share("documents/services.py:version_create")
        lines += ["", f"What the profile shows: deciding is {decide} of the command; `version_create` {create}, "
                  "of which "
                  f"`DocumentVersion.pack_text_model` {share('documents/models.py:pack_text_model')}: every new "
                  "version JSON-encodes, compresses and hashes the whole contract's text model (self time: "
                  f"`json.encoder.iterencode` {own('json/encoder.py:iterencode')}, `zlib.compress` "
                  f"{own('<built-in>:compress')}, `to_dict` {own('documents/docx/model.py:to_dict')}), "
                  "work linear in the contract's length, now once every 32 versions (the snapshots; the "
                  "others store their edit). Decoding text models "
                  f"(`DocumentVersion.text_model`) takes {share('documents/models.py:text_model')} and "
                  f"`recommendation_prepare` {share('review/workflow/proposals.py:recommendation_prepare')}."]
        lines += ["", common.profile_markdown(result["profile"], "the 40\u00d7 review (whole command: analysis, "
                                               "decisions, exports)")]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profile", choices=["auto", "always", "never"], default="auto")
    parser.add_argument("--write-readme", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # for the machine facts only; the reviews run in subprocesses
    load_before = common.load_average()
    sizes = []
    with tempfile.TemporaryDirectory(prefix="redpen-bench-scaling-") as tmp, \
            common.redis_server(Path(tmp) / "redis") as redis_url:
        work = Path(tmp)
        for copies in (10, 40):
            runs = [run_review(copies, work, redis_url) for _ in range(args.runs)]
            runs.sort(key=lambda r: r["per_decision_ms"])
            best = runs[len(runs) // 2]
            sizes.append(best)
            print(f"{copies}x: {best['decisions']} decisions, {best['per_decision_ms']:.1f} ms each", flush=True)
        ratio = sizes[1]["per_decision_ms"] / sizes[0]["per_decision_ms"]
        profile = None
        if args.profile == "always" or (args.profile == "auto" and ratio > TARGET_RATIO):
            profile = run_review(40, work, redis_url, profile=True)["profile"]
    result = {"sizes": sizes, "ratio": ratio, "runs": args.runs, "machine": common.machine_line(),
              "load": f"{load_before} at the start, {common.load_average()} at the end", "profile": profile}
    common.save_result("scaling", result)
    text = render(result, f".venv/bin/python bench/bench_scaling.py --runs {args.runs}")
    print(text)
    if args.write_readme:
        common.write_section("scaling", "Scaling of a whole review", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
