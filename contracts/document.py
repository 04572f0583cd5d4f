"""One analysed document: a text model and what Redpen derives from it, each computed once.

Pure, no ORM, no XML. ``contract_text(model)`` is the one ``ContractText`` of a text model (kept
in the model's ``derived`` slot, documents/docx/model.py): its structure, the forms of its
defined terms, the role words either party takes. A text model never changes (a decision makes a
new one), so nothing here goes stale; every engine stage and every rule asks the same object.
"""

from __future__ import annotations

from functools import cached_property

from contracts.parties import find_mutual_roles
from contracts.structure import Structure, build_structure
from contracts.terms import defined_forms, quoted_anywhere
from documents.docx.model import TextModel


class ContractText:
    """A text model and what is derived from it, each on first use."""

    def __init__(self, model: TextModel) -> None:
        self.model = model
        # Term -> whether the contract itself writes it as its term (contracts/naming.py asks,
        # term by term: the same few terms for every rule's wording).
        self.term_uses: dict[str, bool] = {}

    @cached_property
    def structure(self) -> Structure:
        return build_structure(self.model)

    @cached_property
    def terms_lower(self) -> dict[str, str]:
        """The contract's defined terms, lower-cased -> as defined (quoted definitions anywhere)."""
        structure = self.structure
        found = {t.lower(): t for t in defined_forms(structure) | quoted_anywhere(self.model)}
        found.update({t.lower(): t for t in structure.terms})
        return found

    @cached_property
    def defined_lower(self) -> set[str]:
        """Every form of a defined term or a party's name, lower-cased."""
        return {d.lower() for d in defined_forms(self.structure) | quoted_anywhere(self.model)}

    @cached_property
    def mutual_roles(self) -> tuple[str, ...]:
        return find_mutual_roles(self.model.paragraphs)


def contract_text(model: TextModel) -> ContractText:
    """The one ``ContractText`` of ``model``."""
    derived = model.derived
    found = derived.get(ContractText)
    if found is None:
        found = derived[ContractText] = ContractText(model)
    return found


def structure_of(model: TextModel) -> Structure:
    """The structure of ``model``, computed once per model."""
    return contract_text(model).structure
