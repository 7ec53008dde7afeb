"""Paper and files (app label ``printing``): the tables' PDF sheets, kept per table version,
the wall plan, the Excel exports, and the queue's tasks that build the long documents.

Public surface: ``exports`` (prepare or queue a document), ``sheet_pdfs`` (a round's or a
tournament's sheets), ``excel`` (the workbooks). It receives the core's ``round_drawn`` signal
(``receivers``: a drawn round's sheets are laid out at once); the core never imports it. See
docs/architecture.md.
"""
