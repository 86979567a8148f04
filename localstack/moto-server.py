"""
moto_server with DynamoDB requests taken one at a time.

moto's DynamoDB backend is not thread-safe: TransactWriteItems deep-copies the tables while other
request threads write to them, and fails with 'dictionary changed size during iteration' (HTTP 500).
DynamoDB calls are short, so serializing them costs little; SQS long polls and the other services
stay concurrent. Arguments are moto_server's own (-H host -p port).
"""
import sys
import threading

from moto import server
from moto.moto_server.werkzeug_app import DomainDispatcherApplication

_dynamodb = threading.Lock()
_dispatch = DomainDispatcherApplication.__call__


def _serialized(self, environ, start_response):
    if environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB"):
        with _dynamodb:
            return _dispatch(self, environ, start_response)
    return _dispatch(self, environ, start_response)


DomainDispatcherApplication.__call__ = _serialized

if __name__ == "__main__":
    server.main(sys.argv[1:])
