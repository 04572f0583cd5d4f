"""Review pages, one module per page family (review/urls.py routes to them). Each view parses
its input, calls a selector (reads) or the workflow (writes), builds the page with
review/presenters.py and renders; none queries the database itself. Partials of
``review/detail.html`` are rendered alone for HTMX requests.

- ``reviews``: the list of reviews and a new review;
- ``workspace``: a review's page (analysing, the workspace and its card, finished) and its progress;
- ``decisions``: decide, undo, the number-only batch, the parties, cancel;
- ``downloads``: the documents and the tables (issue list, clause map) as files;
- ``contract``: the preview, the contract pane and the clause map;
- ``approvals``: the approval an inbox entry opens, and the approver's actions;
- ``rounds``: the next round and replies to their comments.
"""
