import pytest


@pytest.mark.django_db(transaction=True)
@pytest.mark.worker
def test_healthz_reports_everything_up_with_a_real_worker(client, celery_worker):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["database"]["up"] and body["redis"]["up"] and body["worker"]["up"]


@pytest.mark.django_db
def test_healthz_is_503_when_redis_is_down(client, settings):
    from core import processes

    settings.REDIS_URL = f"redis://127.0.0.1:{processes.free_port()}/0"
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["database"]["up"] is True
    assert body["redis"]["up"] is False
    assert body["worker"]["up"] is False


@pytest.mark.django_db
def test_healthz_is_503_when_no_worker_answers(client, redis_url):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["redis"]["up"] is True
    assert body["worker"] == {"up": False, "detail": "no worker answered"}
