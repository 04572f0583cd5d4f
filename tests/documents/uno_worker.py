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
import shutil
import subprocess
import sys
import tempfile
import time

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


def handle(context: object, desktop: object, request: dict) -> dict:
    url = uno.systemPathToFileUrl(os.path.abspath(request["path"]))
    document = desktop.loadComponentFromURL(url, "_blank", 0, (prop("Hidden", True),))
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
