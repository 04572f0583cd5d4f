"""Parties in a review: detected at analysis, positions written with the contract's names,
the lawyer's correction rewrites pending playbook proposals, undefined terms are flagged."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from review.models import RecommendationStatus
from review.workflow import ReviewRefused, review_parties_set
from tests.factories import lawyer
from tests.review.factories import author_user, contract_docx, decide, make_review, shown

pytestmark = pytest.mark.django_db

PLAYBOOK = """\
name: Customer side
party: customer
rules:
  - id: payment-terms
    title: Pay within 30 days
    find: {any: ["invoice"], all: ["days"]}
    check: {max_days: 30}
    positions: ["{us} shall pay undisputed invoices within thirty (30) days of receipt."]
  - id: convenience
    title: No termination for convenience by the vendor
    find: {all: ["terminate", "convenience"]}
    check: {must_not_exist: true}
    positions: ["Provider may not terminate this Agreement for convenience during a Subscription Term or an Order Term."]
  - id: ip-indemnity
    title: IP indemnity from the vendor
    find: {any: ["infringe"]}
    check: {must_exist: true}
    positions: ["{them} shall defend {us} against any claim that its software infringes a third party's rights."]
"""

CONTRACT = [
    (None, 'This Licence Agreement is made between Fjord Systems AS, a Norwegian company ("Licensor"), and '
           'Northwind Traders Ltd. (the "Company").'),
    (None, "1. Fees. The Company shall pay each invoice within ninety (90) days of the invoice date."),
    (None, "2. Termination. Licensor may terminate this Agreement for convenience on thirty (30) days' notice."),
    (None, "3. Law. This Agreement is governed by the laws of Norway."),
    (None, "IN WITNESS WHEREOF the parties have signed this Agreement."),
]


def proposals(review) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {r.rule_id: r.current_proposal.after for r in review.recommendations.filter(
        status=RecommendationStatus.PENDING).select_related("current_proposal")}


def test_positions_are_written_with_the_contracts_party_names() -> None:
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    assert review.parties["us"] == "the Company" and review.parties["them"] == "Licensor"
    assert {"name": "Fjord Systems AS", "defined": "Licensor", "also": [], "role": "Licensor"} in review.parties["detected"]
    after = proposals(review)
    # "Subscription Term" (a library term the contract lacks) is written in ordinary words and the
    # card says so; "Order Term" is not one the engine knows: it stays, with the warning.
    assert after["convenience"] == (
        "Licensor may not terminate this Agreement for convenience during the term of this Agreement or an Order Term."
    )
    explanation = review.recommendations.get(rule_id="convenience").current_proposal.explanation
    assert (
        "Adapted to this contract: \u201cSubscription Term\u201d is written \u201cterm of this Agreement\u201d"
        in explanation
    )
    assert after["ip-indemnity"] == (
        "4. Licensor shall defend the Company against any claim that its software infringes a third party's rights."
    )
    warning = review.recommendations.get(rule_id="convenience").current_proposal.warnings
    assert warning == ["Order Term"]
    assert review.recommendations.get(rule_id="ip-indemnity").current_proposal.warnings == []


def test_the_lawyers_correction_rewrites_pending_playbook_proposals() -> None:
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    first = shown(review, "payment-terms")
    decide(review, first, "accept")  # a decided one stays as it was
    review.refresh_from_db()
    count = review_parties_set(review=review, actor=review.owner, us="Northwind", them="Fjord")
    assert count == 2
    review.refresh_from_db()
    assert review.parties["corrected"] is True
    after = proposals(review)
    assert after["convenience"].startswith("Fjord may not terminate")
    assert after["ip-indemnity"].startswith("4. Fjord shall defend Northwind against")
    rec = review.recommendations.get(rule_id="ip-indemnity")
    assert "corrected" in rec.message
    with pytest.raises(ReviewRefused):
        review_parties_set(review=review, actor=review.owner, us="Fjord", them="fjord")


def test_the_parties_form_posts_to_the_service_and_is_scoped_to_the_owner(client) -> None:  # type: ignore[no-untyped-def]
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    url = reverse("review:parties", args=[review.pk])
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    assert 'id="parties-form"' in page and "Fjord Systems AS" in page
    response = client.post(url, {"us": "Northwind", "them": "Fjord"})
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.parties["us"] == "Northwind"
    stranger = lawyer()
    client.force_login(stranger)
    assert client.post(url, {"us": "X", "them": "Y"}).status_code == 404
    review.refresh_from_db()
    assert review.parties["us"] == "Northwind"


def test_a_playbook_for_either_side_names_the_contracts_parties_and_says_ours_is_not_set(client) -> None:  # type: ignore[no-untyped-def]
    either = PLAYBOOK.replace("party: customer", "party: either")
    contract = [(None, 'This Agreement is made between Fjord Systems AS, a Norwegian company ("Fjord"), and '
                       'Northwind Traders Ltd. ("Northwind").'), *CONTRACT[1:]]
    review = make_review(playbook=either, contract=contract_docx(contract))
    assert review.parties["us"] == "" and review.parties["them"] == ""
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    summary = page.split('<details class="small" id="parties">', 1)[1].split("</summary>", 1)[0]
    assert "<strong>Fjord</strong> and <strong>Northwind</strong>" in summary
    assert "which is ours is not set" in summary and "not found" not in summary


def test_redaction_clears_the_parties_names_and_warnings() -> None:
    from review.retention import review_redact
    from review.workflow import review_cancel

    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    assert review.parties["us"]
    review_cancel(review=review, actor=review.owner)
    review.refresh_from_db()
    assert review_redact(review=review)
    review.refresh_from_db()
    assert review.parties == {}
    assert all(p.warnings == [] for r in review.recommendations.all() for p in r.proposals.all())


def test_the_review_page_shows_each_party_with_its_role_and_our_side(client) -> None:  # type: ignore[no-untyped-def]
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(CONTRACT))
    client.force_login(review.owner)
    page = client.get(reverse("review:detail", args=[review.pk])).content.decode()
    found = page.split('id="parties-found">', 1)[1].split("</ul>", 1)[0]
    assert "Fjord Systems AS (\u201cLicensor\u201d) \u00b7 role: Licensor \u00b7 their side" in found
    assert "Northwind Traders Ltd. (\u201cCompany\u201d) \u00b7 role: Company \u00b7 <strong>our side</strong>" in found


def test_the_review_is_named_after_the_contracts_title_not_its_file() -> None:
    contract = [(None, "MASTER LICENCE AGREEMENT"), *CONTRACT]
    review = make_review(playbook=PLAYBOOK, contract=contract_docx(contract))
    assert review.title == "MASTER LICENCE AGREEMENT" and review.document.title != review.title


UNCLEAR = [(None, 'This Agreement is made between Fjord Systems AS, a Norwegian company ("Fjord"), and '
                  'Northwind Traders Ltd. ("Northwind").'), *CONTRACT[1:]]


def test_an_unclear_side_is_asked_once_on_upload_with_the_candidates(client) -> None:  # type: ignore[no-untyped-def]
    from playbooks.services import playbook_upload
    from review.models import Review

    owner = author_user()
    playbook_upload(author=owner, source=PLAYBOOK)
    client.force_login(owner)
    upload = SimpleUploadedFile("unclear.docx", contract_docx(UNCLEAR))
    page = client.get(reverse("review:new")).content.decode()
    choice = page.split('name="playbook_version"', 1)[1].split('value="', 2)
    version_id = choice[1].split('"', 1)[0] or choice[2].split('"', 1)[0]
    asked = client.post(reverse("review:new"), {"contract": upload, "playbook_version": version_id})
    body = asked.content.decode()
    assert asked.status_code == 200 and 'id="side-form"' in body
    assert 'value="Fjord"' in body and 'value="Northwind"' in body and not Review.objects.exists()
    assert "no playbook you can use" not in body  # the question, not the empty upload form's warning
    hidden = dict(
        (name, body.split(f'name="{name}" value="', 1)[1].split('"', 1)[0]) for name in ("document", "playbook_version")
    )
    # A name that is not a candidate is refused and asked again; nothing is started.
    again = client.post(reverse("review:new"), {**hidden, "party": "", "ours": "Someone Else"})
    assert 'id="side-form"' in again.content.decode() and not Review.objects.exists()
    done = client.post(reverse("review:new"), {**hidden, "party": "", "ours": "Northwind"})
    review = Review.objects.get()
    assert done.status_code == 302 and done["Location"].endswith(f"/reviews/{review.pk}/")
    assert review.parties["us"] == "Northwind" and review.parties["them"] == "Fjord" and review.parties["corrected"]
    # Another user cannot start a review on this upload.
    client.force_login(lawyer())
    assert client.post(reverse("review:new"), {**hidden, "party": "", "ours": "Fjord"}).status_code == 404


def test_a_clear_side_is_not_asked(client) -> None:  # type: ignore[no-untyped-def]
    from playbooks.services import playbook_upload
    from review.models import Review

    owner = author_user()
    playbook_upload(author=owner, source=PLAYBOOK)
    client.force_login(owner)
    page = client.get(reverse("review:new")).content.decode()
    choice = page.split('name="playbook_version"', 1)[1].split('value="', 2)
    version_id = choice[1].split('"', 1)[0] or choice[2].split('"', 1)[0]
    upload = SimpleUploadedFile("clear.docx", contract_docx(CONTRACT))
    response = client.post(reverse("review:new"), {"contract": upload, "playbook_version": version_id})
    assert response.status_code == 302 and Review.objects.count() == 1


NEUTRAL = """\
name: Either side, no party named
party: either
rules:
  - id: governing-law
    title: Governing law is stated
    find: {any: ["governed by"]}
    check: {must_exist: true}
    positions: ["This Agreement is governed by the laws of England and Wales."]
"""


def test_a_neutral_playbook_that_names_no_side_does_not_ask_and_one_that_does_asks(client) -> None:  # type: ignore[no-untyped-def]
    # Which party is ours changes nothing a playbook writes or finds when it only says "each
    # party": asking would be a question whose answer does nothing. A {us} in a neutral rule's
    # wording makes the answer matter again.
    from playbooks.services import playbook_upload
    from review.models import Review

    owner = author_user()
    client.force_login(owner)

    def upload(source: str, name: str):  # type: ignore[no-untyped-def]
        playbook_upload(author=owner, source=source)
        page = client.get(reverse("review:new")).content.decode()
        option = page.split(f">{name}", 1)[0].rsplit('value="', 1)[1].split('"', 1)[0]
        return client.post(reverse("review:new"), {"contract": SimpleUploadedFile("unclear.docx", contract_docx(UNCLEAR)),
                                                   "playbook_version": option})

    quiet = upload(NEUTRAL, "Either side, no party named")
    assert quiet.status_code == 302 and Review.objects.count() == 1
    sided = NEUTRAL.replace("Either side, no party named", "Either side, our name").replace(
        "the laws of England and Wales.", "the laws of the country where {us} has its seat.")
    asked = upload(sided, "Either side, our name")
    assert asked.status_code == 200 and 'id="side-form"' in asked.content.decode() and Review.objects.count() == 1


def test_a_converted_upload_asks_the_side_before_its_review_starts(client, eager_tasks,  # type: ignore[no-untyped-def]
                                                                  django_capture_on_commit_callbacks):
    # A PDF is converted by a job; the review used to start when it was done without the question
    # a .docx upload is asked. It now goes to the same question first.
    from documents.models import Conversion, ConversionStatus
    from playbooks.services import playbook_upload
    from review.models import Review
    from tests.documents.pdfs import text_pdf

    owner = author_user()
    version, _ = playbook_upload(author=owner, source=PLAYBOOK)
    client.force_login(owner)
    pdf = text_pdf([text for _, text in UNCLEAR])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("review:new"), {"contract": SimpleUploadedFile("unclear.pdf", pdf),
                                            "playbook_version": version.pk})
    conversion = Conversion.objects.get()
    assert conversion.status == ConversionStatus.SUCCEEDED, conversion.message
    assert not Review.objects.exists() and conversion.next_url.startswith(reverse("review:new") + "?document=")
    question = client.get(conversion.next_url).content.decode()
    assert 'id="side-form"' in question and 'value="Fjord"' in question and 'value="Northwind"' in question
    assert "no playbook you can use" not in question
    client.force_login(lawyer())
    assert client.get(conversion.next_url).status_code == 404  # another user's upload
    client.force_login(owner)
    done = client.post(reverse("review:new"), {"document": conversion.document_id, "playbook_version": version.pk,
                                               "party": "", "ours": "Northwind"})
    review = Review.objects.get()
    assert done.status_code == 302 and review.document_id == conversion.document_id
    assert review.parties["us"] == "Northwind" and review.parties["them"] == "Fjord"
