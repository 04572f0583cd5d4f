import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command

from core import demo
from core.models import Team

pytestmark = pytest.mark.django_db


def test_seed_is_idempotent_and_the_printed_login_works():
    call_command("seed_demo")
    call_command("seed_demo")
    User = get_user_model()
    assert User.objects.filter(username=demo.DEMO_USERNAME).count() == 1
    assert Team.objects.filter(name=demo.DEMO_TEAM).count() == 1
    user = authenticate(username=demo.DEMO_USERNAME, password=demo.DEMO_PASSWORD)
    assert user is not None
    assert set(user.groups.values_list("name", flat=True)) == {"Lawyer", "Playbook author"}
    admin = authenticate(username=demo.ADMIN_USERNAME, password=demo.DEMO_PASSWORD)
    assert admin is not None and admin.is_staff


def test_demo_contract_is_a_real_docx_with_one_sided_terms():
    import io

    from docx import Document

    document = Document(io.BytesIO(demo.build_demo_contract_docx()))
    text = "\n".join(p.text for p in document.paragraphs)
    assert "ten (10) days" in text
    assert "Customer may not terminate this Agreement for convenience" in text
    assert document.paragraphs[0].style.name == "Title"
