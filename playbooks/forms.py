from __future__ import annotations

from django import forms
from django.contrib.auth.models import AbstractBaseUser

from core.models import Team

from .loader.source import MAX_SOURCE_BYTES
from .trial import MAX_TRIAL_CHARS


class UploadForm(forms.Form):
    file = forms.FileField(required=False, label="YAML file")
    source = forms.CharField(
        required=False,
        strip=False,  # the text is stored exactly as given
        label="…or paste the YAML",
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.none(), required=False, empty_label="Only me", label="Shared with"
    )
    change_note = forms.CharField(required=False, max_length=500, label="Change note")

    def __init__(self, *args: object, user: AbstractBaseUser, new_playbook: bool, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if new_playbook:
            teams = Team.objects.filter(members=user)
            self.fields["team"].queryset = teams  # type: ignore[attr-defined]
            if len(teams) == 1:
                self.fields["team"].initial = teams[0].pk
        else:
            del self.fields["team"]  # a new version stays with its playbook's team

    def clean(self) -> dict:
        data = super().clean()
        upload = data.get("file")
        pasted = data.get("source") or ""
        if upload and pasted.strip():
            raise forms.ValidationError("Choose a file or paste the YAML, not both.")
        if upload:
            if upload.size > MAX_SOURCE_BYTES:
                raise forms.ValidationError(
                    f"The file is {upload.size // 1024} KB; the limit is {MAX_SOURCE_BYTES // 1024} KB."
                )
            data["payload"] = upload.read()
        elif pasted.strip():
            size = len(pasted.encode("utf-8"))
            if size > MAX_SOURCE_BYTES:
                raise forms.ValidationError(
                    f"The pasted text is {size // 1024} KB; the limit is {MAX_SOURCE_BYTES // 1024} KB, "
                    "so nothing was stored."
                )
            # Browsers send a textarea with CRLF line ends: store the author's lines, not the
            # browser's, so a pasted file and the same file uploaded compare equal.
            data["payload"] = pasted.replace("\r\n", "\n")
        else:
            raise forms.ValidationError("Choose a YAML file or paste its text.")
        return data


class TryRuleForm(forms.Form):
    rule = forms.ChoiceField(label="Rule")
    text = forms.CharField(
        label="Contract text",
        max_length=MAX_TRIAL_CHARS,
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "Paste a clause; one paragraph per line."}),
    )

    def __init__(self, *args: object, rules: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["rule"].choices = rules  # type: ignore[attr-defined]


class SpreadsheetImportForm(forms.Form):
    file = forms.FileField(label="Spreadsheet (.xlsx or .csv)")
    name = forms.CharField(required=False, max_length=200, label="Playbook name",
                           help_text="Defaults to the file's name.")
    party = forms.CharField(required=False, max_length=100, label="Our side", help_text="e.g. customer")

    def clean_file(self):  # type: ignore[no-untyped-def]
        from .spreadsheet import MAX_FILE_BYTES

        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1024} KB; the limit is {MAX_FILE_BYTES // 1024} KB."
            )
        if not upload.name.lower().endswith((".xlsx", ".csv")):
            raise forms.ValidationError("Upload an Excel workbook (.xlsx) or a CSV file (.csv).")
        return upload


class _MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class _MultipleFileField(forms.FileField):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("widget", _MultipleFileInput(attrs={"accept": ".docx"}))
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def clean(self, data, initial=None):  # type: ignore[no-untyped-def]
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)] if data else single(data, initial)


class PrecedentDraftForm(forms.Form):
    files = _MultipleFileField(label="Precedents (.docx: signed contracts or templates)")
    name = forms.CharField(required=False, max_length=200, label="Playbook name")
    side = forms.ChoiceField(choices=[("customer", "Customer"), ("provider", "Provider")], label="Our side")

    def clean_files(self):  # type: ignore[no-untyped-def]
        from core.uploads import human_size, upload_limits

        limits = upload_limits()
        files = self.cleaned_data["files"]
        if len(files) > limits.max_precedents:
            raise forms.ValidationError(f"{len(files)} files; at most {limits.max_precedents} at once.")
        for upload in files:
            if not upload.name.lower().endswith(".docx"):
                raise forms.ValidationError(f"{upload.name} is not a Word document (.docx).")
            if upload.size > limits.max_upload_bytes:
                raise forms.ValidationError(f"{upload.name} is larger than the {human_size(limits.max_upload_bytes)} "
                                            "upload limit.")
        return files
