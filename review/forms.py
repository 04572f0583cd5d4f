from __future__ import annotations

from django import forms
from django.conf import settings

from core.ids import IdField, parse_id


class NewReviewForm(forms.Form):
    contract = forms.FileField(
        label="Contract",
        help_text=(
            "A Word .docx file, up to the upload limit; a PDF with text, .doc, .rtf or .odt is converted to .docx."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".docx,.pdf,.doc,.rtf,.odt"}),
    )
    playbook_version = forms.TypedChoiceField(
        label="Playbook", coerce=parse_id,
        error_messages={"required": "Choose the playbook to review the contract against."},
    )
    party = forms.CharField(
        label="Our side", required=False, max_length=120,
        help_text="Only for neutral playbooks: whose side we take (e.g. customer, provider).",
    )

    def __init__(self, *args: object, versions: list, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        from documents.forms import upload_limits_text

        self.fields["contract"].help_text = upload_limits_text()
        self.versions = {v.pk: v for v in versions}
        choices: list[tuple[object, str]] = [(v.pk, v.label) for v in versions]
        # With several playbooks none is picked for the lawyer: the first in the alphabet is
        # rarely the right one, and a review against the wrong playbook is a wasted analysis.
        if len(choices) > 1:
            choices.insert(0, ("", "Choose a playbook…"))
        self.fields["playbook_version"].choices = choices

    def clean_contract(self) -> object:
        upload = self.cleaned_data["contract"]
        if upload.size > settings.REDPEN_MAX_UPLOAD_BYTES:
            limit = settings.REDPEN_MAX_UPLOAD_BYTES // (1024 * 1024)
            raise forms.ValidationError(f"This file is larger than the {limit} MB limit.")
        return upload

    def clean(self) -> dict:
        data = super().clean()
        version = self.versions.get(data.get("playbook_version"))  # type: ignore[arg-type]
        if version is not None and not version.playbook_spec.party and not data.get("party"):
            self.add_error("party", "This playbook is neutral: say whose side we take.")
        data["version"] = version
        return data


class SideQuestionForm(forms.Form):
    """The upload a side question is about: the contract stored a moment ago (or converted) and
    the playbook chosen for it."""

    document = IdField()
    playbook_version = IdField()
    party = forms.CharField(required=False, max_length=120)


class SideForm(SideQuestionForm):
    """Which party is ours, asked once on upload when the contract does not make it clear."""

    ours = forms.CharField(max_length=120)


class DecisionForm(forms.Form):
    recommendation = IdField()
    proposal = IdField()
    # "edit": the lawyer's own wording, accepted in one step (recorded as a revision, then accepted).
    action = forms.ChoiceField(choices=[("accept", "accept"), ("reject", "reject"), ("revise", "revise"),
                                        ("edit", "edit")])
    key = forms.CharField(max_length=64)
    reason = forms.CharField(required=False, max_length=4000)
    instruction = forms.CharField(required=False, max_length=4000)
    wording = forms.CharField(required=False, max_length=20000, strip=False)
    # The comment for the other side, sent with accept (``comment_sent`` tells an emptied box
    # from a form without one).
    comment = forms.CharField(required=False, max_length=4000)
    comment_sent = forms.BooleanField(required=False)
    # The comment as the card showed it: "Accept my wording" with the box untouched keeps the
    # rule's comment, written for the new wording (docs/decisions/number-only-edits.md).
    comment_shown = forms.CharField(required=False, max_length=4000)
    # The lawyer accepts their own wording despite the edit checker's warnings (recorded).
    override = forms.BooleanField(required=False)


class PartiesForm(forms.Form):
    us = forms.CharField(label="Our party", max_length=120)
    them = forms.CharField(label="The other party", max_length=120)


class NextRoundForm(forms.Form):
    """Their returned draft, for the next round of a review."""

    returned = forms.FileField(
        label="Their returned draft",
        help_text="The file the other side sent back (.docx, or a PDF with text, .doc, .rtf, .odt), tracked or not.",
        widget=forms.ClearableFileInput(attrs={"accept": ".docx,.pdf,.doc,.rtf,.odt"}),
    )
    counterparty = forms.CharField(
        label="Their name", required=False, max_length=120,
        help_text="Whom their changes are attributed to; by default the authors their file records.",
    )
