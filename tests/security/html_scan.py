"""What a rendered page contains, read by an HTML parser (as a browser would), not by grepping:
its text (entities decoded) and every construct that would run code or style inline."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class PageScan:
    text: str
    inline_scripts: list[str] = field(default_factory=list)  # <script> without src, or with a body
    event_handlers: list[str] = field(default_factory=list)  # on*= and hx-on attributes
    style_attributes: list[str] = field(default_factory=list)
    style_elements: int = 0
    javascript_urls: list[str] = field(default_factory=list)
    img_sources: list[str] = field(default_factory=list)

    @property
    def inline_problems(self) -> list[str]:
        """What a strict CSP (no 'unsafe-inline') would refuse to run or apply."""
        return [
            *(f"inline script: {body[:80]!r}" for body in self.inline_scripts),
            *(f"event handler attribute: {attr}" for attr in self.event_handlers),
            *(f"style attribute: {attr}" for attr in self.style_attributes),
            *(["<style> element"] if self.style_elements else []),
            *(f"javascript: URL: {url}" for url in self.javascript_urls),
        ]


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scan = PageScan(text="")
        self._text: list[str] = []
        self._script: list[str] | None = None
        self._script_src = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or name.startswith("hx-on") or name.startswith("data-hx-on"):
                self.scan.event_handlers.append(f"<{tag} {name}={value!r}>")
            if name == "style":
                self.scan.style_attributes.append(f"<{tag} style={value!r}>")
            if value and value.strip().lower().startswith(("javascript:", "js:")):
                self.scan.javascript_urls.append(f"<{tag} {name}={value!r}>")
        if tag == "script":
            self._script = []
            self._script_src = any(name == "src" and value for name, value in attrs)
        elif tag == "style":
            self.scan.style_elements += 1
        elif tag == "img":
            self.scan.img_sources.append(dict(attrs).get("src") or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            body = "".join(self._script).strip()
            if body or not self._script_src:
                self.scan.inline_scripts.append(body)
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)
        else:
            self._text.append(data)

    def close(self) -> None:
        super().close()
        self.scan.text = "".join(self._text)


def scan(html: str | bytes) -> PageScan:
    parser = _Parser()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    parser.close()
    return parser.scan
