"""Read .docx files the way LibreOffice does, for the tests (run with Debian's /usr/bin/python3,
which has python3-uno; the project's venv does not).

Starts one headless soffice with a private profile, then serves requests, one JSON object per
line on stdin: {"path": "...", "mode": "accept" | "reject" | "none"}. For each it loads the file
hidden, dispatches .uno:AcceptAllTrackedChanges or .uno:RejectAllTrackedChanges, and answers one
JSON line on stdout: {"paragraphs": [...]} (body paragraphs and table-cell paragraphs in order)
or {"error": "..."}. Ends soffice when stdin closes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def prop(name: str, value: object) -> PropertyValue:
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def start_office() -> tuple[subprocess.Popen, object, str]:
    profile = tempfile.mkdtemp(prefix="redpen-lo-")
    pipe = f"redpen_{os.getpid()}"
    process = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + 60
    while True:
        try:
            context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            break
        except Exception:
            if time.monotonic() > deadline or process.poll() is not None:
                raise
            time.sleep(0.2)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    return process, (context, desktop), profile


def paragraphs_of(text: object) -> list[str]:
    out: list[str] = []
    enumeration = text.createEnumeration()
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        if element.supportsService("com.sun.star.text.Paragraph"):
            out.append(element.getString())
        elif element.supportsService("com.sun.star.text.TextTable"):
            for name in element.getCellNames():
                out.extend(paragraphs_of(element.getCellByName(name)))
    return out


def notes_of(document: object) -> dict[str, list[str]]:
    """Footnote, endnote and text-frame / shape text, each as a list of paragraph texts."""
    out: dict[str, list[str]] = {"footnotes": [], "endnotes": [], "textboxes": []}
    for key, collection in (("footnotes", document.getFootnotes()), ("endnotes", document.getEndnotes())):
        for index in range(collection.getCount()):
            out[key].extend(paragraphs_of(collection.getByIndex(index)))
    frames = document.getTextFrames()
    for name in frames.getElementNames():
        out["textboxes"].extend(paragraphs_of(frames.getByName(name)))
    page = document.getDrawPage()
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        if shape.supportsService("com.sun.star.text.TextFrame"):
            continue
        try:
            text = shape.getText() if hasattr(shape, "getText") else None
        except Exception:
            text = None
        if text is not None and text.getString():
            out["textboxes"].extend(paragraphs_of(text))
    return out


def load(desktop: object, path: str) -> object:
    """Load a file hidden. LibreOffice without a GUI (Debian's -nogui packages) cannot load a
    document with comments through UNO (hidden: the office crashes; visible: None), whatever
    the format, so the comments of a .docx are taken out of a temporary copy first: they hold
    no document text, and the tracked changes are untouched (tests check comments in the XML)."""
    if path.endswith(".docx") and has_comments(path):
        path = without_comments(path)
    url = uno.systemPathToFileUrl(os.path.abspath(path))
    document = desktop.loadComponentFromURL(url, "_blank", 0, (prop("Hidden", True),))
    if document is None:
        raise RuntimeError(f"LibreOffice cannot load {path}")
    return document


def has_comments(path: str) -> bool:
    with zipfile.ZipFile(path) as zf:
        return "word/comments.xml" in zf.namelist()


_COMMENT_MARKS = re.compile(rb"<w:comment(?:RangeStart|RangeEnd|Reference)\b[^>]*/>")
_COMMENT_REL = re.compile(rb"<Relationship\b[^>]*Target=\"comments[A-Za-z]*\.xml\"[^>]*/>")
_COMMENT_TYPE = re.compile(rb"<Override\b[^>]*PartName=\"/word/comments[A-Za-z]*\.xml\"[^>]*/>")


def without_comments(path: str) -> str:
    out = os.path.join(tempfile.mkdtemp(prefix="redpen-nocomments-"), os.path.basename(path))
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            name = info.filename
            if name.startswith("word/comments") and name.endswith(".xml"):
                continue
            data = source.read(name)
            if name == "word/document.xml":
                data = _COMMENT_MARKS.sub(b"", data)
            elif name == "word/_rels/document.xml.rels":
                data = _COMMENT_REL.sub(b"", data)
            elif name == "[Content_Types].xml":
                data = _COMMENT_TYPE.sub(b"", data)
            target.writestr(name, data)
    return out


def set_author(context: object, name: str) -> None:
    """The name LibreOffice records on tracked changes and comments (the user profile's)."""
    given, _, family = name.partition(" ")
    provider = context.ServiceManager.createInstanceWithContext(
        "com.sun.star.configuration.ConfigurationProvider", context
    )
    access = provider.createInstanceWithArguments(
        "com.sun.star.configuration.ConfigurationUpdateAccess", (prop("nodepath", "/org.openoffice.UserProfile/Data"),)
    )
    access.setPropertyValue("givenname", given)
    access.setPropertyValue("sn", family)
    access.commitChanges()


def author(context: object, desktop: object, request: dict) -> dict:
    """Edit a document with change recording on, as each step's author, and save it as .docx.

    Steps: {"author": name, "replace": [old, new]} (a tracked deletion and insertion),
    {"author": name, "bold": text} (a tracked attribute change). No comments: the office
    without a GUI crashes storing a document that has one (see ``load``)."""
    document = load(desktop, request["path"])
    try:
        document.setPropertyValue("RecordChanges", True)
        for step in request["steps"]:
            set_author(context, step["author"])
            if "replace" in step:
                old, new = step["replace"]
                found = find(document, old)
                found.setString(new)
            elif "bold" in step:
                found = find(document, step["bold"])
                found.setPropertyValue("CharWeight", 150.0)
        out = uno.systemPathToFileUrl(os.path.abspath(request["out"]))
        document.storeToURL(out, (prop("FilterName", "MS Word 2007 XML"),))
        return {"ok": True}
    finally:
        document.close(True)


def find(document: object, text: str) -> object:
    descriptor = document.createSearchDescriptor()
    descriptor.setSearchString(text)
    found = document.findFirst(descriptor)
    if found is None:
        raise RuntimeError(f"text not found: {text!r}")
    return found


def handle(context: object, desktop: object, request: dict) -> dict:
    if request.get("mode") == "author":
        return author(context, desktop, request)
    document = load(desktop, request["path"])
    try:
        mode = request.get("mode", "none")
        if mode != "none":
            command = ".uno:AcceptAllTrackedChanges" if mode == "accept" else ".uno:RejectAllTrackedChanges"
            dispatcher = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", context)
            frame = document.getCurrentController().getFrame()
            dispatcher.executeDispatch(frame, command, "", 0, ())
            # Accept/reject makes LibreOffice recompute fields (cross-references): do it on every
            # file read this way, so a recomputed field result is the same on both sides.
            document.getTextFields().refresh()
        redlines = document.getRedlines().createEnumeration().hasMoreElements()
        return {"paragraphs": paragraphs_of(document.getText()), "tracked_changes_left": bool(redlines),
                "notes": notes_of(document)}
    finally:
        document.close(True)


def main() -> None:
    process, (context, desktop), profile = start_office()
    try:
        print(json.dumps({"ready": True}), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                answer = handle(context, desktop, json.loads(line))
            except Exception as exc:  # report, keep serving
                answer = {"error": f"{type(exc).__name__}: {exc}"}
            print(json.dumps(answer), flush=True)
    finally:
        with contextlib.suppress(Exception):
            desktop.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
