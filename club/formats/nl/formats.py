"""Dutch as written in Belgium (Flemish clubs): « 26/11/2026 », « 26 november 2026 », « 12,50 ».

Django's ``nl`` is the Netherlands' (« 26-11-2026 »); what is not set here is still Django's
(``FORMAT_MODULE_PATH`` falls back to it name by name).
"""

DATE_FORMAT = "j F Y"  # 26 november 2026
TIME_FORMAT = "H:i"  # 20:15
DATETIME_FORMAT = "j F Y H:i"  # 26 november 2026 20:15
YEAR_MONTH_FORMAT = "F Y"  # november 2026
MONTH_DAY_FORMAT = "j F"  # 26 november
SHORT_DATE_FORMAT = "d/m/Y"  # 26/11/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 26/11/2026 20:15
FIRST_DAY_OF_WEEK = 1  # Monday
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3

# Belgium writes a date with slashes first; the Dutch forms still read.
DATE_INPUT_FORMATS = [
    "%d/%m/%Y",  # 26/11/2026
    "%d/%m/%y",  # 26/11/26
    "%d-%m-%Y",  # 26-11-2026
    "%d-%m-%y",  # 26-11-26
    "%d.%m.%Y",  # 26.11.2026
    "%Y-%m-%d",  # 2026-11-26 (a date picker's)
]
DATETIME_INPUT_FORMATS = [
    "%d/%m/%Y %H:%M:%S",  # 26/11/2026 20:15:00
    "%d/%m/%Y %H:%M",  # 26/11/2026 20:15
    "%d/%m/%y %H:%M",  # 26/11/26 20:15
    "%d-%m-%Y %H:%M:%S",  # 26-11-2026 20:15:00
    "%d-%m-%Y %H:%M",  # 26-11-2026 20:15
    "%Y-%m-%d %H:%M:%S",  # 2026-11-26 20:15:00
    "%Y-%m-%d %H:%M",  # 2026-11-26 20:15
]
