from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings

from core.models import Team


def upload_limits_text() -> str:
    """The limits of one contract upload, as the forms state them (config/settings.py)."""
    size = settings.REDPEN_MAX_UPLOAD_BYTES / (1024 * 1024)
    xml = settings.REDPEN_MAX_DOCUMENT_XML_BYTES / (1024 * 1024)
    paragraphs = settings.REDPEN_MAX_PARAGRAPHS
    return (
        f"One contract per upload (.docx; a PDF with text, .doc, .rtf or .odt is converted to .docx): at most "
        f"{size:g} MB, its text at most {xml:g} MB unpacked and {paragraphs:,} paragraphs "
        f"(about {paragraphs // 25:,} pages)."
    )


class UploadForm(forms.Form):
    file = forms.FileField(label="Contract (.docx, or PDF, .doc, .rtf, .odt)")
    title = forms.CharField(label="Title", max_length=255, required=False, help_text="Defaults to the file name.")
    team = forms.ModelChoiceField(
        label="Share with team", queryset=Team.objects.none(), required=False, empty_label="Only me"
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(members=user)  # type: ignore[attr-defined]
        self.fields["file"].help_text = upload_limits_text()
        self.fields["file"].widget.attrs["accept"] = (
            ".docx,.pdf,.doc,.rtf,.odt,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        )
