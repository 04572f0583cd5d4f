"""WordprocessingML names, precomputed as Clark-notation strings so hot loops compare plain strings."""

from __future__ import annotations

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
XML_NS = "http://www.w3.org/XML/1998/namespace"


def w(name: str) -> str:
    return f"{{{W_NS}}}{name}"


XML_SPACE = f"{{{XML_NS}}}space"

BODY = w("body")
P = w("p")
PPR = w("pPr")
PSTYLE = w("pStyle")
OUTLINE_LVL = w("outlineLvl")
R = w("r")
RPR = w("rPr")
RSTYLE = w("rStyle")
T = w("t")
DEL_TEXT = w("delText")
INSTR_TEXT = w("instrText")
DEL_INSTR_TEXT = w("delInstrText")
TAB = w("tab")
PTAB = w("ptab")
BR = w("br")
CR = w("cr")
NO_BREAK_HYPHEN = w("noBreakHyphen")
FLD_CHAR = w("fldChar")
FLD_CHAR_TYPE = w("fldCharType")
FLD_SIMPLE = w("fldSimple")
TBL = w("tbl")
TR = w("tr")
TC = w("tc")
SDT = w("sdt")
SDT_CONTENT = w("sdtContent")
CUSTOM_XML = w("customXml")
HYPERLINK = w("hyperlink")
SMART_TAG = w("smartTag")
INS = w("ins")
DEL = w("del")
MOVE_TO = w("moveTo")
MOVE_FROM = w("moveFrom")
SECT_PR = w("sectPr")
PPR_CHANGE = w("pPrChange")
RPR_CHANGE = w("rPrChange")
B = w("b")
I = w("i")  # noqa: E741 - the element is called w:i
U = w("u")
VAL = w("val")
TYPE = w("type")
ID = w("id")
AUTHOR = w("author")
DATE = w("date")
STYLE = w("style")
STYLE_ID = w("styleId")
NAME = w("name")
BASED_ON = w("basedOn")

MC_ALTERNATE_CONTENT = f"{{{MC_NS}}}AlternateContent"
MC_CHOICE = f"{{{MC_NS}}}Choice"
MC_FALLBACK = f"{{{MC_NS}}}Fallback"
TXBX_CONTENT = w("txbxContent")
FOOTNOTE = w("footnote")
ENDNOTE = w("endnote")
FOOTNOTE_REFERENCE = w("footnoteReference")
ENDNOTE_REFERENCE = w("endnoteReference")

# Inline elements whose subtree never contributes visible text of the paragraph itself:
# properties, deleted/moved-away text, drawings and text boxes (their paragraphs are not counted).
SKIP_INLINE = frozenset(
    {
        PPR,
        DEL,
        MOVE_FROM,
        w("sdtPr"),
        w("sdtEndPr"),
        w("customXmlPr"),
        w("smartTagPr"),
        w("bookmarkStart"),
        w("bookmarkEnd"),
        w("proofErr"),
        w("permStart"),
        w("permEnd"),
        w("commentRangeStart"),
        w("commentRangeEnd"),
        MC_ALTERNATE_CONTENT,
        w("drawing"),
        w("pict"),
        w("object"),
        "{http://schemas.openxmlformats.org/officeDocument/2006/math}oMath",
        "{http://schemas.openxmlformats.org/officeDocument/2006/math}oMathPara",
    }
)

# Containers of runs: a run inside one of these is still the paragraph's own run.
RUN_CONTAINERS = frozenset({HYPERLINK, SMART_TAG, INS, MOVE_TO, CUSTOM_XML, SDT_CONTENT, SDT, w("dir"), w("bdo")})
TRACKED_CONTAINERS = frozenset({INS, MOVE_TO})
