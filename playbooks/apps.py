from django.apps import AppConfig


class PlaybooksConfig(AppConfig):
    name = "playbooks"
