from __future__ import annotations

from typing import Any

from django import forms

from core.models import Team


class UploadForm(forms.Form):
    file = forms.FileField(label="Contract (.docx, or PDF, .doc, .rtf, .odt)")
    title = forms.CharField(label="Title", max_length=255, required=False, help_text="Defaults to the file name.")
    team = forms.ModelChoiceField(
        label="Share with team", queryset=Team.objects.none(), required=False, empty_label="Only me"
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(members=user)  # type: ignore[attr-defined]
        self.fields["file"].widget.attrs["accept"] = (
            ".docx,.pdf,.doc,.rtf,.odt,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        )
