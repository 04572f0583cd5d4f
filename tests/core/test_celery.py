import uuid

import pytest

from core.tasks import ping
from tests.factories import UserFactory


@pytest.mark.django_db(transaction=True)
@pytest.mark.worker
def test_real_worker_runs_a_task_and_its_result_comes_back(celery_worker):
    UserFactory.create_batch(3)
    token = uuid.uuid4().hex
    result = ping.delay(token).get(timeout=30)
    # The worker is another process: it read the committed rows of the same test database.
    assert result == {"token": token, "users": 3}
