"""Formats of the site's languages where Django's differ from the clubs' (FORMAT_MODULE_PATH)."""
