"""The layout holds (docs/architecture.md, "The apps"): the layer contracts of import-linter pass
and fail on a forbidden import, no import cycle among the apps' modules, only Celery imports a
``tasks.py``, and every reference in a comment resolves inside the repository."""

from __future__ import annotations

import ast
import io
import os
import re
import shutil
import subprocess
import sys
import tokenize
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

APPS = ("config", "core", "documents", "contracts", "playbooks", "review", "inbox", "training")
TOP_LEVEL = {p.name for p in ROOT.iterdir() if not p.name.startswith(".")}
SKIP_DIRS = {".venv", "var", "node_modules", "test-artifacts", "__pycache__", ".git", "redpen.egg-info"}


def repo_files(*suffixes: str) -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        if path.suffix in suffixes and path.is_file() and not SKIP_DIRS & set(path.relative_to(ROOT).parts):
            found.append(path)
    return sorted(found)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def app_modules() -> dict[str, Path]:
    return {module_name(p): p for p in repo_files(".py") if p.relative_to(ROOT).parts[0] in APPS}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The app modules this one imports, at module level or inside functions (a lazy import
    is still a dependency), except under ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                targets.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {t for t in targets if t in modules and t != name}


def import_graph() -> dict[str, set[str]]:
    modules = app_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return []


# --- layers (import-linter, [tool.importlinter] in pyproject.toml) ---------------------------

LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the packages under ``root`` (first on the path), with its pyproject.toml."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-c", LINT_IMPORTS, "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_layer_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "added", "broken"),
    [
        # Inside a function still counts: a lazy import is a dependency all the same.
        ("core/metrics.py", "def probe():\n    from review.models import Review\n", "core.metrics -> review.models"),
        ("documents/models.py", "from playbooks import rules\n", "documents.models -> playbooks.rules"),
        ("contracts/numbers.py", "import django\n", "contracts.numbers -> django"),
        ("inbox/sources.py", "from documents import models\n", "inbox.sources -> documents.models"),
    ],
)
def test_the_layer_contracts_fail_on_a_forbidden_import(tmp_path: Path, module: str, added: str, broken: str):
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["root_packages"]
    for package in packages:
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=lambda folder, names: [n for n in names if n == "__pycache__" or
                                                      (not n.endswith(".py") and not (Path(folder) / n).is_dir())])
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    assert lint_imports(tmp_path).returncode == 0  # the copy is as clean as the repository
    with (tmp_path / module).open("a") as file:
        file.write("\n\n" + added)
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout and broken in result.stdout, result.stdout


def test_the_import_graph_of_the_apps_is_acyclic():
    graph = import_graph()
    assert "review.workflow.decisions" in graph and "review.workflow.transitions" in graph["review.workflow.decisions"]
    cycle = find_cycle(graph)
    assert not cycle, " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_only_celery_imports_a_tasks_module():
    graph = import_graph()
    importers = {name: sorted(t for t in targets if t.endswith(".tasks")) for name, targets in graph.items()}
    assert {name: t for name, t in importers.items() if t} == {}


def test_only_the_transitions_module_writes_a_review_or_approval_status():
    """``status=`` in an ``update(...)`` on a Review or an Approval queryset, or a ``status``
    assignment on one, appears only in review/workflow/transitions.py."""
    offenders = []
    pattern = re.compile(r"(Review|Approval)\.objects\.[^\n]*\.update\([^)]*\bstatus=", re.S)
    for name, path in app_modules().items():
        if name in ("review.workflow.transitions",) or ".migrations." in name:
            continue
        text = path.read_text()
        for match in pattern.finditer(text):
            offenders.append(f"{name}: {match.group(0)[:80]}")
        if re.search(r"\b(review|approval)\.status\s*=[^=]", text):
            offenders.append(f"{name}: assigns .status")
    assert offenders == []


# --- references in comments --------------------------------------------------------------

FORBIDDEN = (
    re.compile(r"DESIGN\s*§|§\s*\d"),
    re.compile(r"FIELD[- ]NOTES", re.I),
    re.compile(r"\bissues?\s*#?\d+", re.I),
)
GENERATED = tuple(line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines()
                  if "/" in line.strip() and not line.startswith("#") and "*" not in line)
TEMPLATE_DIRS = {p.name for p in (ROOT / "templates").iterdir() if p.is_dir()}
PATH = re.compile(r"(?<![\w./-])((?:[\w-]+/)+[\w.-]*\w)")


def python_comments(path: Path) -> list[tuple[int, str]]:
    """Comments and docstrings, with their line numbers."""
    source = path.read_text()
    found = [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.append((body[0].lineno, body[0].value.value))
    return found


def template_comments(path: Path) -> list[tuple[int, str]]:
    text = path.read_text()
    found = []
    for match in re.finditer(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}|<!--.*?-->", text, re.S):
        found.append((text.count("\n", 0, match.start()) + 1, match.group(0)))
    return found


def hash_comments(path: Path) -> list[tuple[int, str]]:
    return [(n, line) for n, line in enumerate(path.read_text().splitlines(), 1) if line.lstrip().startswith("#")]


def all_comments() -> list[tuple[str, int, str]]:
    found: list[tuple[str, int, str]] = []
    for path in repo_files(".py"):
        found += [(str(path.relative_to(ROOT)), n, text) for n, text in python_comments(path)]
    for path in repo_files(".html"):
        found += [(str(path.relative_to(ROOT)), n, text) for n, text in template_comments(path)]
    for path in [*repo_files(".yaml", ".yml", ".toml"), ROOT / "Makefile"]:
        found += [(str(path.relative_to(ROOT)), n, text) for n, text in hash_comments(path)]
    for path in repo_files(".md"):
        found.append((str(path.relative_to(ROOT)), 1, path.read_text()))
    return found


def bad_references(text: str) -> list[str]:
    problems = [m.group(0) for pattern in FORBIDDEN for m in pattern.finditer(text)]
    for match in PATH.finditer(text):
        candidate = match.group(1).rstrip(".")
        if candidate.split("/", 1)[0] not in TOP_LEVEL | TEMPLATE_DIRS:
            continue  # not a path of this repository (a URL, a .docx part, a MIME type...)
        if any(candidate == g or candidate.startswith(g + "/") for g in GENERATED):
            continue  # made at run time, ignored by git
        if not ((ROOT / candidate).exists() or (ROOT / "templates" / candidate).exists()):
            problems.append(candidate)
    return problems


def test_every_reference_in_a_comment_resolves_inside_the_repository():
    comments = all_comments()
    assert len(comments) > 500  # the walk found the code
    problems = [f"{path}:{line}: {bad}" for path, line, text in comments for bad in bad_references(text)]
    assert problems == []


def test_the_reference_check_catches_what_it_must():
    assert bad_references("see DESIGN §2 and FIELD-NOTES") == ["DESIGN §", "FIELD-NOTES"]
    assert bad_references("as issue 9 says, and Issue #12") == ["issue 9", "Issue #12"]
    assert bad_references("see docs/architecture.md, review/workflow/locks.py") == []
    assert bad_references("see docs/nowhere.md") == ["docs/nowhere.md"]
    assert bad_references("word/comments.xml and text/html stay") == []
