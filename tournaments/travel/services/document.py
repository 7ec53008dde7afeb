"""A tournament's bundle as bytes: one JSON document, gzipped or not, signed (docs/bundle.md).

``seal`` writes it; ``open_bundle`` reads it back and refuses, with one French line naming
the problem, a file too large (bounded before it is read, as the spreadsheet imports are), not
gzip, truncated, not JSON, not a bundle, of another format version, changed in one byte, with a
signature that does not verify, or whose content the schema (``docs/bundle.schema.json``)
refuses. Which keys a site trusts is ``signing``'s question.
"""

import gzip
import json
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

import jsonschema  # type: ignore[import-untyped]  # no types published (stubs apart)
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

#: What a bundle says it is, and the version of its format this site reads and writes.
FORMAT = "atout-tournament-bundle"
FORMAT_VERSION = 1
GZIP_MAGIC = b"\x1f\x8b"
SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "bundle.schema.json"


class BundleError(Exception):
    """A bundle refused: ``str(error)`` is the one line a person reads."""


@dataclass(frozen=True)
class OpenedBundle:
    """A bundle whose bytes, format and signature were checked: its content and its signer's
    public key (hexadecimal); whether the site trusts that key is decided elsewhere."""

    payload: dict[str, Any]
    key: str


def canonical(value: object) -> bytes:
    """The one way a bundle's JSON is written: keys sorted, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def public_hex(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def _signed_part(payload: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": FORMAT_VERSION, "payload": payload}


def seal(payload: dict[str, Any], key: Ed25519PrivateKey, *, compress: bool = True) -> bytes:
    """The bundle's bytes: ``payload`` with the format's name and version, signed by ``key``."""
    document = _signed_part(payload)
    signature = key.sign(canonical(document))
    document["signature"] = {"key": public_hex(key), "value": signature.hex()}
    data = canonical(document)
    # mtime 0: the same tournament exported twice is the same file.
    return gzip.compress(data, compresslevel=9, mtime=0) if compress else data


def read_limited(stream: IO[bytes]) -> bytes:
    """A file's bytes, refused past ``ATOUT_BUNDLE_MAX_BYTES`` before the rest is read."""
    limit = settings.ATOUT_BUNDLE_MAX_BYTES
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise BundleError(
            _("The file is larger than %(size)s: it is not a tournament's bundle.")
            % {"size": filesizeformat(limit)}
        )
    return data


def _gunzip(data: bytes) -> bytes:
    limit = settings.ATOUT_BUNDLE_MAX_JSON_BYTES
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        text = inflater.decompress(data, limit + 1)
    except zlib.error as error:
        raise BundleError(_("The file is not a valid gzip file.")) from error
    if len(text) > limit or inflater.unconsumed_tail:
        raise BundleError(
            _("The file unzips to more than %(size)s: it is not a tournament's bundle.")
            % {"size": filesizeformat(limit)}
        )
    if not inflater.eof:
        raise BundleError(_("The file is truncated: its gzip stream ends too early."))
    if inflater.unused_data:
        raise BundleError(_("The file has bytes after its gzip stream."))
    return text


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def schema_errors(document: object) -> list[str]:
    """What the JSON Schema finds wrong in a whole bundle document (empty: valid)."""
    errors = sorted(_validator().iter_errors(document), key=lambda e: list(e.absolute_path))
    return [
        "/".join(str(part) for part in error.absolute_path) + ": " + error.message
        for error in errors
    ]


def open_bundle(data: bytes) -> OpenedBundle:
    """Check a bundle's bytes (see the module's docstring); nothing is written."""
    if len(data) > settings.ATOUT_BUNDLE_MAX_BYTES:
        raise BundleError(
            _("The file is larger than %(size)s: it is not a tournament's bundle.")
            % {"size": filesizeformat(settings.ATOUT_BUNDLE_MAX_BYTES)}
        )
    if data.startswith(GZIP_MAGIC):
        data = _gunzip(data)
    elif len(data) > settings.ATOUT_BUNDLE_MAX_JSON_BYTES:
        raise BundleError(
            _("The file is larger than %(size)s: it is not a tournament's bundle.")
            % {"size": filesizeformat(settings.ATOUT_BUNDLE_MAX_JSON_BYTES)}
        )
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise BundleError(
            _("The file is not JSON (or it is truncated): it is not a tournament's bundle.")
        ) from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BundleError(_("The file is JSON but not a tournament's bundle from Atout."))
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BundleError(_("The bundle has no format version."))
    if version > FORMAT_VERSION:
        raise BundleError(
            _(
                "The bundle is in format version %(version)d, newer than this site reads "
                "(%(known)d): update this site first."
            )
            % {"version": version, "known": FORMAT_VERSION}
        )
    if version != FORMAT_VERSION:
        raise BundleError(
            _("The bundle's format version %(version)d is unknown.") % {"version": version}
        )
    signature = document.get("signature")
    if not isinstance(signature, dict) or not isinstance(document.get("payload"), dict):
        raise BundleError(_("The bundle is not signed."))
    if canonical(document) != data:
        raise BundleError(_("The bundle was changed after it was signed: it is refused."))
    try:
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(str(signature.get("key"))))
        public.verify(
            bytes.fromhex(str(signature.get("value"))), canonical(_signed_part(document["payload"]))
        )
    except (ValueError, InvalidSignature) as error:
        raise BundleError(_("The bundle was changed after it was signed: it is refused.")) from (
            error
        )
    errors = schema_errors(document)
    if errors:
        raise BundleError(
            _("The bundle does not follow its format (%(error)s).") % {"error": errors[0]}
        )
    return OpenedBundle(payload=document["payload"], key=public_hex(public))
