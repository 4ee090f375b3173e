#!/usr/bin/env python3
"""Checks a message of `boxoffice report --format email` with Python's own MIME parser.

Usage: check_message.py MESSAGE OUTPUT_DIR EXPECTED_SUBJECT RECIPIENT...

Fails (exit 1, the reason on stderr) unless the message is 7-bit with no line over 998 octets,
has MIME-Version, Date, Message-ID, Auto-Submitted (RFC 3834), the subject and recipients given, is multipart/alternative
of text/plain then HTML, every cid: in the HTML names an image part whose bytes are that image
type, every image is such a part of the HTML's multipart/related and named by a cid:, the HTML
holds no SVG, script, data: URI, outside stylesheet or font, and the text holds no data: URI nor
base64 (an image travels once). Writes the HTML part to OUTPUT_DIR/mail.html and, with every
<style> block removed, to mail-nostyle.html, and prints a JSON summary on stdout: subject, to,
text, cids, images (content type by Content-ID), image_sizes (decoded bytes by Content-ID),
sources (every <img> src in order) and size (the message's bytes).
"""
import email
import email.policy
import email.utils
import json
import re
import sys

MAGIC = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff", "image/gif": b"GIF8", "image/webp": b"RIFF"}
BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{200,}")
FORBIDDEN = [r"<svg", r"<script", r"data:", r"<link", r"@import", r"url\(", r"@font-face", r"javascript:", r"<[^>]*\son\w+\s*="]


def fail(reason):
    print("check_message: " + reason, file=sys.stderr)
    sys.exit(1)


def main():
    path, out, subject, recipients = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    raw = open(path, "rb").read()
    if any(byte > 127 for byte in raw):
        fail("a byte is not 7-bit")
    for number, line in enumerate(raw.split(b"\n"), 1):
        if len(line.rstrip(b"\r")) > 998:
            fail("line %d is %d octets" % (number, len(line)))
    message = email.message_from_bytes(raw, policy=email.policy.default)
    if message.defects:
        fail("defects: %r" % message.defects)
    if message["MIME-Version"] != "1.0":
        fail("MIME-Version is %r" % message["MIME-Version"])
    if message["Auto-Submitted"] != "auto-generated":
        fail("Auto-Submitted is %r, not auto-generated (RFC 3834)" % message["Auto-Submitted"])
    if email.utils.parsedate_to_datetime(message["Date"]) is None:
        fail("Date does not parse")
    if not re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", str(message["Message-ID"])):
        fail("Message-ID is %r" % message["Message-ID"])
    if str(message["Subject"]) != subject:
        fail("Subject is %r" % str(message["Subject"]))
    to = [address for _, address in email.utils.getaddresses([str(message["To"])])]
    if to != recipients:
        fail("To is %r" % to)
    for header in ["Bcc", "Cc"]:
        if message[header] is not None:
            fail("a %s header crept in" % header)
    if message.get_content_type() != "multipart/alternative":
        fail("top is %s" % message.get_content_type())
    parts = list(message.iter_parts())
    if [parts[0].get_content_type(), parts[-1].get_content_type()] not in (["text/plain", "text/html"], ["text/plain", "multipart/related"]):
        fail("alternatives are %r" % [part.get_content_type() for part in parts])
    for part in message.walk():
        if not part.is_multipart() and part["Content-Transfer-Encoding"] not in ("base64", "quoted-printable", "7bit"):
            fail("transfer encoding %r" % part["Content-Transfer-Encoding"])
    text = parts[0].get_content()
    if re.search(r"data:", text, re.IGNORECASE):
        fail("the text holds a data: URI")
    if BASE64_RUN.search(text):
        fail("the text holds a run of base64")
    html_part = message.get_body(preferencelist=("html",))
    html = html_part.get_content()
    for pattern in FORBIDDEN:
        if re.search(pattern, html, re.IGNORECASE):
            fail("the HTML holds %s" % pattern)
    images, sizes, related = {}, {}, []
    if parts[-1].get_content_type() == "multipart/related":
        related = list(parts[-1].iter_parts())[1:]
        for part in related:
            content_id = str(part["Content-ID"]).strip("<>")
            data = part.get_content()
            if not data.startswith(MAGIC.get(part.get_content_type(), b"?")):
                fail("part %s is not %s" % (content_id, part.get_content_type()))
            images[content_id] = part.get_content_type()
            sizes[content_id] = len(data)
    for part in message.walk():
        if part.get_content_maintype() == "image" and not any(part is kept for kept in related):
            fail("an image part outside the HTML's multipart/related")
    cids = re.findall(r'src="cid:([^"]+)"', html)
    for cid in cids:
        if cid not in images:
            fail("cid:%s names no part" % cid)
    for content_id in images:
        if content_id not in cids:
            fail("part %s is named by no cid: in the HTML" % content_id)
    open(out + "/mail.html", "w", encoding="utf-8").write(html)
    open(out + "/mail-nostyle.html", "w", encoding="utf-8").write(re.sub(r"<style.*?</style>", "", html, flags=re.S))
    sources = re.findall(r'<img\s[^>]*?src="([^"]*)"', html)
    print(json.dumps({"subject": str(message["Subject"]), "to": to, "text": text, "cids": cids, "images": images,
                      "image_sizes": sizes, "sources": sources, "size": len(raw)}))


main()
