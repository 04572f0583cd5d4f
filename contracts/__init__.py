"""What a contract says, read from its text model: structure, sentences, numbers, defined terms,
parties, clause types, key terms. Pure Python: no Django import (checked by the layer contracts
in pyproject.toml); it reads ``documents.docx.model`` and nothing above it."""
