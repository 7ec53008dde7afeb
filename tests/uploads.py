"""Files as a browser sends them to an import (the members', the archived evenings')."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook


def csv_file(text: str, name: str = "import.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")


def xlsx_file(rows: list[list[object]], name: str = "import.xlsx") -> SimpleUploadedFile:
    """A workbook whose first sheet holds ``rows``."""
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(name, buffer.getvalue())
