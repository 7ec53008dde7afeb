"""The public pages keep no table of their own: they read the core's models through its
selectors, and keep what they render in Django's cache (``page_cache``)."""
