"""
LocalStack's runtime (`python -m localstack.runtime.main`) with one change, for npm start, the tests and
the bench (localstack/emulator.ts starts it, with the settings it needs in the environment).

The change: LocalStack starts DynamoDB Local with `-javaagent:<its dynamodb-local folder>/ddb-local-loader-0.1.jar`,
a Java agent LocalStack downloads from its own artifacts repository, which these machines cannot reach and
no package registry serves. Its only job is a byte-code patch that lets DynamoDB Local accept more than
20 global secondary indexes on a table (AWS's own default limit is 20; the program's one table has fewer,
shared/resources.ts APP_TABLE). Without the file the JVM refuses to start ("Error opening zip file or JAR
manifest missing"), and LocalStack restarts it in a loop; so the argument is left out here, and nothing
is placed under that name. Everything else is LocalStack's own code, as pinned in
localstack/localstack-requirements.txt.

A second change: LocalStack keeps a table's description (DescribeTable) for 20 s only, and asks DynamoDB Local
again at the next Query on an index after that (to check its projection). DynamoDB Local's DescribeTable
counts the table's items and bytes, which at the bench's 1.5 million tenants took longer than a request
may (a list answered 500 after the handler's 30 s, 2026-11-27): every 20 s one index read stalled. Here the
description is kept until the table changes (LocalStack drops it itself on UpdateTable), which is what the
check needs: the indexes' projections.

A third: a DynamoDB read (GetItem, BatchGetItem, Query, Scan, TransactGetItems) is handed back as DynamoDB
Local answered it. LocalStack parsed DynamoDB Local's answer into Python objects, then serialized those objects
into a new answer of the same content (and its response parser would have parsed that again for the handlers
after it); for a page of 100 tenants (220 KB of JSON) that was most of what the gateway added to a list read,
which the bench measures side by side with the same read sent straight to DynamoDB Local. LocalStack's own
handling of these reads stays: its request checks run first, and its DynamoDB response handler
(`modify_ddblocal_arns`, which rewrites DynamoDB Local's table ARNs to the account's and region's) runs on the
raw answer as before. Its only change to a read's parsed answer, `fix_consumed_capacity`, writes to the
request, not the answer (so it changed nothing). Writes, errors' handling and every other service are as
LocalStack has them. `ALP_LOCALSTACK_STOCK_READS=1` in the environment leaves reads to LocalStack as it is.

A fourth: LocalStack sends what it forwards to DynamoDB Local through `requests` (rolo's SimpleRequestsClient),
which took 4.7 ms a call from Python against 2.0 ms for the standard library's http.client on a kept-alive
connection (the same Query to the same DynamoDB Local, measured here 2026-12-07). Its DynamoDB proxies (the
provider's, which parses the answer, and the reads' pass-through) use `_LoopbackClient` below instead: one
kept-alive connection per gateway thread, each request sent in one write. And its Twisted site no longer does
work nobody uses (`_gateway_site_without_unused_work`). Together: 21 Queries sent at once, the gateway's CPU
saturated, went from 4.0-5.1 ms a Query to 2.9-3.0 (docs/decisions.md, "The gateway's own cost").

And it ends when the process that started it ends, even one killed without the chance to stop it (a test
run stopped by a signal), instead of staying behind on its port.
"""
from localstack.services.dynamodb import server as _dynamodb_server

_command = _dynamodb_server.DynamodbServer._create_shell_command


def _without_agent(self):
    return [arg for arg in _command(self) if not arg.startswith("-javaagent:")]


_dynamodb_server.DynamodbServer._create_shell_command = _without_agent


def _keep_table_descriptions():
    from cachetools import TTLCache
    from localstack.services.dynamodb import utils as _dynamodb_utils

    # A day rather than LocalStack's 20 s; UpdateTable still drops an entry at once (invalidate_table_schema).
    _dynamodb_utils.SCHEMA_CACHE = TTLCache(maxsize=50, ttl=24 * 3600)


DYNAMODB_READS = frozenset({"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"})


def _pass_dynamodb_reads_through():
    from localstack.aws.forwarder import AwsRequestProxy
    from localstack.aws.handlers.service import ServiceResponseParser
    from localstack.services.dynamodb.provider import DynamoDBProvider
    from localstack.http import Response
    from rolo.proxy import Proxy

    forward = DynamoDBProvider.forward_request
    raw_proxies = {}

    def forward_request(self, context, service_request=None):
        if service_request is not None or context.operation.name not in DYNAMODB_READS:
            return forward(self, context, service_request)
        self.check_provisioned_throughput(context.operation.name)
        self.prepare_request_headers(context.request.headers, account_id=context.account_id, region_name=context.region)
        url = self.server.url
        if url not in raw_proxies:
            raw_proxies[url] = AwsRequestProxy(url, parse_response=False)
            raw_proxies[url].proxy = Proxy(forward_base_url=url, client=LOOPBACK_CLIENT)
        raw = raw_proxies[url](context)
        # The skeleton sends a LocalStack Response a provider returns as it is; the body read whole, as parsing did.
        headers = [(k, v) for k, v in raw.headers.items() if k.lower() not in ("transfer-encoding", "connection")]
        return Response(response=raw.data, status=raw.status_code, headers=headers)

    DynamoDBProvider.forward_request = forward_request

    fix = DynamoDBProvider.fix_consumed_capacity

    def fix_consumed_capacity(self, request, result):
        if isinstance(result, Response):
            return None
        return fix(self, request, result)

    DynamoDBProvider.fix_consumed_capacity = fix_consumed_capacity

    parse = ServiceResponseParser.__call__

    def __call__(self, chain, context, response):
        operation = context.operation
        if (
            operation is not None
            and context.service is not None
            and context.service.service_name == "dynamodb"
            and operation.name in DYNAMODB_READS
            and not context.service_response
            and not context.service_exception
            and 200 <= response.status_code < 300
        ):
            # No handler after this one reads a read's parsed answer (they count or log requests); an
            # empty one stands for it rather than parsing the 220 KB just passed through.
            context.service_response = {}
            return None
        return parse(self, chain, context, response)

    ServiceResponseParser.__call__ = __call__


class _LoopbackClient:
    """
    rolo's HttpClient for DynamoDB Local on the loopback: one kept-alive http.client connection per gateway
    thread and server, the request line, headers and body sent in one write (no wait on a delayed ACK).
    A connection the server closed while idle is noticed before it is used (as urllib3 does) and replaced.
    """

    def __init__(self):
        import threading

        self._local = threading.local()

    def _connection(self, netloc):
        import http.client
        import select
        import socket

        connections = self._local.__dict__.setdefault("connections", {})
        conn = connections.get(netloc)
        if conn is not None and conn.sock is not None:
            readable, _, _ = select.select([conn.sock], [], [], 0)
            if readable:  # closed by the server (or stray bytes): not reusable
                conn.close()
                conn = None
        if conn is None or conn.sock is None:
            host, _, port = netloc.rpartition(":")
            conn = http.client.HTTPConnection(host, int(port))
            conn.connect()
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            connections[netloc] = conn
        return conn

    def request(self, request, server=None):
        from urllib.parse import urlparse

        from localstack.http import Response
        from rolo.request import get_raw_path, restore_payload
        from werkzeug.datastructures import Headers

        netloc = urlparse(server).netloc if server and "://" in server else (server or request.host)
        path = get_raw_path(request) or "/"
        if request.query_string:
            path = f"{path}?{request.query_string.decode('latin-1')}"
        body = restore_payload(request)
        conn = self._connection(netloc)
        try:
            conn.putrequest(request.method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in request.headers.items():
                if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                    conn.putheader(name, value)
            conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(message_body=body)
            answer = conn.getresponse()
            data = answer.read()
        except Exception:
            conn.close()
            raise
        headers = Headers()
        for name, value in answer.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "keep-alive"):
                headers.add(name, value)
        response = Response(response=data, status=answer.status, headers=headers)
        if request.method == "HEAD":
            response.content_length = answer.getheader("Content-Length", 0)
        return response

    def close(self):
        for conn in self._local.__dict__.get("connections", {}).values():
            conn.close()


def _dynamodb_local_over_loopback_client():
    """The DynamoDB server's proxy (every forwarded request but the passed-through reads) sends through it."""
    from rolo.proxy import Proxy

    init = _dynamodb_server.DynamodbServer.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.proxy.proxy = Proxy(forward_base_url=self.url, client=LOOPBACK_CLIENT)

    _dynamodb_server.DynamodbServer.__init__ = __init__


LOOPBACK_CLIENT = _LoopbackClient()

def _gateway_site_without_unused_work():
    """
    The gateway's Twisted site skips two things no one uses: parsing a POST body as a form into Twisted's own
    `request.args` (the WSGI gateway reads the body itself; Twisted parsed every request's Content-Type with
    the `email` package for it, a fifth of the gateway's CPU under load) and its access log line (formatted for
    every request; LocalStack logs requests in its own handler chain).
    """
    from rolo.serving.twisted import TwistedGateway

    init = TwistedGateway.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self._parsePOSTFormSubmission = False

    TwistedGateway.__init__ = __init__
    TwistedGateway.log = lambda self, request: None


def _end_with_parent():
    """Ends LocalStack (as SIGTERM does) when the process that started it is gone, killed or not."""
    import os
    import signal
    import threading
    import time

    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGTERM)
        # Its shutdown does not always finish (seen here): a few seconds, then out. DynamoDB Local ends
        # with this process (localstack/dynamodb-local/LoopbackServerRunner.java).
        time.sleep(5)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


if __name__ == "__main__":
    import os

    from localstack.runtime.main import main

    _end_with_parent()
    _keep_table_descriptions()
    _gateway_site_without_unused_work()
    _dynamodb_local_over_loopback_client()
    # ALP_LOCALSTACK_STOCK_READS=1: LocalStack's own handling of reads, to compare behaviour or speed with it.
    if os.environ.get("ALP_LOCALSTACK_STOCK_READS") != "1":
        _pass_dynamodb_reads_through()
    main()
