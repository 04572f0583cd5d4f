"""Errors the documents app raises to its callers (each message is one sentence for a user)."""

from .docx.model import EditError
from .docx.validate import UploadRejected


class StaleVersion(EditError):
    """The edit was made on a version that is no longer the latest one."""


__all__ = ["EditError", "StaleVersion", "UploadRejected"]
