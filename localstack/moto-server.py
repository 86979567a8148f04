"""
moto_server for S3, SQS, SES and Secrets Manager (DynamoDB is served by DynamoDB Local, see
localstack/emulator.ts), with one per-request cost removed: to route each call, moto lists its own
package directory (twice); here the list is read once at start. Arguments are moto_server's own
(-H host -p port).
"""
import sys

from moto import backends, server

_MOTO_MODULES = tuple(backends.list_of_moto_modules())
backends.list_of_moto_modules = lambda: _MOTO_MODULES

if __name__ == "__main__":
    server.main(sys.argv[1:])
