"""
moto_server for S3, SQS, SES and Secrets Manager (DynamoDB is served by DynamoDB Local, see
localstack/emulator.ts), with two changes:
- one per-request cost removed: to route each call, moto lists its own package directory (twice);
  here the list is read once at start;
- the e-mails SES accepted are listed at GET /_aws/ses, in LocalStack's shape
  ({"messages": [{"Id", "Region", "Source", "Destination", "RawData" | "Body", "Subject", "Timestamp"}]}),
  so the tests read sent welcome certificates the same way against either emulator.
Arguments are moto_server's own (-H host -p port).
"""
import json
import sys
from datetime import datetime, timezone

from moto import backends, server

_MOTO_MODULES = tuple(backends.list_of_moto_modules())
backends.list_of_moto_modules = lambda: _MOTO_MODULES

_SENT_AT: dict[str, str] = {}


def _ses_messages() -> list[dict]:
    out = []
    ses = backends.get_backend("ses")
    for account_id, regions in ses.items():
        for region, backend in regions.items():
            for message in backend.sent_messages:
                stamp = _SENT_AT.setdefault(message.id, datetime.now(timezone.utc).isoformat())
                entry = {"Id": message.id, "Region": region, "Source": message.source, "Timestamp": stamp}
                if hasattr(message, "raw_data"):
                    entry["RawData"] = message.raw_data
                    entry["Destination"] = {"ToAddresses": list(message.destinations)}
                else:
                    entry["Subject"] = getattr(message, "subject", None)
                    entry["Body"] = {"text_part": getattr(message, "body", None)}
                    entry["Destination"] = {"ToAddresses": list(getattr(message, "destinations", {}).get("ToAddresses", []))}
                out.append(entry)
    return out


class _WithSesInbox:
    """Serves GET /_aws/ses before handing every other request to moto's dispatcher."""

    def __init__(self, app):
        self._app = app

    def __getattr__(self, name):
        return getattr(self._app, name)

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO") == "/_aws/ses" and environ.get("REQUEST_METHOD") == "GET":
            body = json.dumps({"messages": _ses_messages()}).encode()
            start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
            return [body]
        return self._app(environ, start_response)


_Dispatcher = server.DomainDispatcherApplication
server.DomainDispatcherApplication = lambda *args, **kwargs: _WithSesInbox(_Dispatcher(*args, **kwargs))

if __name__ == "__main__":
    server.main(sys.argv[1:])
