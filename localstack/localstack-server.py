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
    from localstack.runtime.main import main

    _end_with_parent()
    _keep_table_descriptions()
    main()
