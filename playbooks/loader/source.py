"""Reading a playbook file's YAML safely: bounded in bytes, nesting depth, aliases and expanded size,
as a node tree whose every value keeps its line number (playbooks/loader/__init__.py validates it)."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .issues import PlaybookInvalid, ValidationIssue, line_of
from .rule import SLUG_RE

MAX_SOURCE_BYTES = 256 * 1024
MAX_DEPTH = 20  # the format itself needs 5 levels
MAX_ALIASES = 50
MAX_EXPANDED_NODES = 50_000  # counting every alias as a full copy of its anchor


# PyYAML's parser messages, as an author would say them (the line is added by the issue).
_YAML_WORDS = (
    ("found unexpected end of stream", "a quoted text is never closed: a closing quote (\" or ') is missing"),
    ("but found '<stream end>'", "the file ends too early: a list or mapping opened with [ or { is not closed"),
    ("expected <block end>", "the indentation is off: this line does not line up with the lines around it"),
    ("expected ',' or ']'", "a list in [brackets] is not closed: a ']' (or a comma between items) is missing"),
    ("expected ',' or '}'", "a mapping in {braces} is not closed: a '}' (or a comma between items) is missing"),
    ("mapping values are not allowed here",
     "a colon is in the wrong place: put text that contains ': ' in quotes, or start a new line for the field"),
    ("could not find expected ':'", "a line is missing its colon: write fields as name: value"),
    ("found character '\\t'", "a tab character: indent with spaces only"),
    ("found undefined alias", "an alias (*name) refers to an anchor (&name) that does not exist"),
    ("found duplicate anchor", "the same anchor (&name) is defined twice"),
    ("expected a single document", "the file holds more than one YAML document (a second '---'): keep one"),
)


def _yaml_in_words(problem: str, fallback: str) -> str:
    for needle, words in _YAML_WORDS:
        if needle in problem or needle in fallback:
            return words
    return f"the YAML cannot be read here ({fallback})"


class LimitExceeded(yaml.MarkedYAMLError):
    pass


class BoundedLoader(yaml.SafeLoader):
    """SafeLoader that refuses deep nesting and many aliases while composing the node tree."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._alias_count = 0
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self._alias_count += 1
            if self._alias_count > MAX_ALIASES:
                mark = self.peek_event().start_mark
                raise LimitExceeded(problem=f"too many aliases (*name): at most {MAX_ALIASES}", problem_mark=mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise LimitExceeded(problem=f"nested too deeply: at most {MAX_DEPTH} levels", problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _expanded_size(root: Node) -> int:
    """Node count with every alias expanded, without expanding anything (memoised per node)."""
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in in_progress:
            raise LimitExceeded(problem="an alias refers to itself", problem_mark=node.start_mark)
        in_progress.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        in_progress.discard(key)
        sizes[key] = min(total, MAX_EXPANDED_NODES + 1)
        return sizes[key]

    return size(root)


def _not_text(value: str) -> bool:
    """A lone surrogate (YAML's "\\ud800") cannot be stored or shown as UTF-8, and a NUL cannot be
    stored by PostgreSQL: either would break every page that shows the playbook."""
    return "\x00" in value or any("\ud800" <= char <= "\udfff" for char in value)


NOT_TEXT = "contains a character that is not text (a lone surrogate such as \\ud800, or NUL \\0): remove it"


def text_issues(root: Node) -> list[ValidationIssue]:
    """Every scalar of the file that is not text, named by rule and field. Found before anything
    else looks at the file, because every other message may quote a key or a value."""
    issues: list[ValidationIssue] = []

    def safe(value: str) -> str:
        return value.encode("utf-8", "backslashreplace").decode("utf-8") if _not_text(value) else value

    def walk(node: Node, rule_id: str | None, field: str) -> None:
        if isinstance(node, ScalarNode):
            if isinstance(node.value, str) and _not_text(node.value):
                issues.append(ValidationIssue(rule_id, field, line_of(node), NOT_TEXT))
        elif isinstance(node, SequenceNode):
            for index, child in enumerate(node.value):
                child_rule = rule_id
                if field == "rules" and rule_id is None:
                    child_rule = f"#{index + 1}"
                    if isinstance(child, MappingNode):
                        for key, value in child.value:
                            if (isinstance(key, ScalarNode) and key.value == "id" and isinstance(value, ScalarNode)
                                    and SLUG_RE.match(str(value.value))):
                                child_rule = value.value
                    walk(child, child_rule, "")
                else:
                    walk(child, rule_id, f"{field}[{index + 1}]")
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                name = safe(str(key.value)) if isinstance(key, ScalarNode) else "?"
                if isinstance(key, ScalarNode) and isinstance(key.value, str) and _not_text(key.value):
                    issues.append(ValidationIssue(rule_id, field, line_of(key), f"a key {NOT_TEXT}"))
                walk(value, rule_id, f"{field}.{name}" if field else name)

    walk(root, None, "")
    return issues


def _decode(source: str | bytes) -> str:
    if isinstance(source, bytes):
        return source.decode("utf-8")
    return source


def read_tree(source: str | bytes) -> tuple[BoundedLoader, Node]:
    """The file's YAML node tree, bounded in bytes, depth, aliases and expanded size, every scalar
    of it text; raises ``PlaybookInvalid`` otherwise. The caller disposes of the loader (which
    constructs the values the tree's nodes hold)."""
    size = len(source.encode("utf-8")) if isinstance(source, str) else len(source)
    if size > MAX_SOURCE_BYTES:
        raise PlaybookInvalid(
            [
                ValidationIssue(
                    None, "", None, f"the file is {size // 1024} KB; the limit is {MAX_SOURCE_BYTES // 1024} KB"
                )
            ]
        )
    try:
        text = _decode(source)
    except UnicodeDecodeError as exc:
        raise PlaybookInvalid(
            [ValidationIssue(None, "", None, f"the file is not UTF-8 text (byte {exc.start} cannot be read)")]
        ) from None
    if not text.strip():
        raise PlaybookInvalid([ValidationIssue(None, "", None, "the file is empty")])

    try:
        loader = BoundedLoader(text)
    except yaml.reader.ReaderError as exc:
        # PyYAML checks the whole text for characters YAML forbids before it parses anything.
        line = text.count("\n", 0, exc.position) + 1
        message = f"the file contains a character YAML does not allow (U+{exc.character:04X}): remove it"
        raise PlaybookInvalid([ValidationIssue(None, "", line, message)]) from None
    try:
        try:
            root = loader.get_single_node()
            if root is not None:
                size = _expanded_size(root)
                if size > MAX_EXPANDED_NODES:
                    raise LimitExceeded(
                        problem=f"the file expands to more than {MAX_EXPANDED_NODES} values (aliases count as copies)",
                        problem_mark=root.start_mark,
                    )
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            if exc.context_mark is not None and "end of stream" in (exc.problem or ""):
                mark = exc.context_mark  # where the unclosed quote opens, not the end of the file
            # "while parsing a flow node" says nothing to an author; "expected a single
            # document" does.
            context = exc.context if exc.context and not exc.context.startswith("while") else None
            problem = ", ".join(part for part in (context, exc.problem) if part) or "cannot be read"
            if not isinstance(exc, LimitExceeded):
                problem = _yaml_in_words(exc.problem or "", problem)
            prefix = ""
            raise PlaybookInvalid(
                [ValidationIssue(None, "", mark.line + 1 if mark else None, f"{prefix}{problem}")]
            ) from None
        except yaml.YAMLError as exc:
            raise PlaybookInvalid([ValidationIssue(None, "", None, f"the YAML cannot be read: {exc}")]) from None
        except RecursionError:
            raise PlaybookInvalid([ValidationIssue(None, "", None, "nested too deeply")]) from None
        if root is None:
            raise PlaybookInvalid([ValidationIssue(None, "", None, "the file is empty")])
        not_text = text_issues(root)
        if not_text:
            raise PlaybookInvalid(not_text)
    except BaseException:
        loader.dispose()
        raise
    return loader, root
