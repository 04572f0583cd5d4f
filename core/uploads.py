"""An upload handler that keeps at most ``REDPEN_MAX_UPLOAD_BYTES + 1`` bytes of any file.

Django writes a file upload of any size to a temporary file before a view can look at it: a
client could fill the disk with one request. This handler sits first in
``FILE_UPLOAD_HANDLERS`` and passes on only the first limit + 1 bytes of each file; the rest is
read off the connection and dropped. The one byte more is what lets the forms and the .docx
validator see that the file was too big and say so ("larger than the 20 MB limit"), so the user
gets the same clear message as before, and nothing is stored. A reverse proxy's body limit
(``client_max_body_size``) is still the place to stop such a request before it is read at all.
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler


class UploadLimitHandler(FileUploadHandler):
    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        keep = settings.REDPEN_MAX_UPLOAD_BYTES + 1 - start
        if keep <= 0:
            return None  # None: the handlers after this one never see the chunk
        return raw_data[:keep]

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler (memory or temporary file) makes the file object
