"""
moto_server with DynamoDB requests taken one at a time, and two of moto's DynamoDB costs that grow
with the table cut down to what a request touches.

moto's DynamoDB backend is not thread-safe: TransactWriteItems deep-copies the tables while other
request threads write to them, and fails with 'dictionary changed size during iteration' (HTTP 500).
DynamoDB calls are short, so serializing them costs little; SQS long polls and the other services
stay concurrent. Arguments are moto_server's own (-H host -p port).

Costs that grow with the table (moto 5.2.5), which made the demo seed and the scale benchmarks
minutes long (docs/benchmarks.md):
- TransactWriteItems deep-copies the whole table once per action (a 92-action tenant chunk at 2,000
  items took 9 s) to roll back a cancelled transaction. Here it backs up only the items the actions
  name and puts exactly those back when moto cancels, which is the same rollback.
- A Query sorts every item of the table before picking its matches (0.7 s at 40,000 items). Here a
  base-table Query reads only its partition; an index (GSI) Query still reads every item, but without
  the sort (its matches are sorted by the index keys afterwards, as before).
And two costs per attribute: each attribute written into a new item re-adds the sizes of all
attributes before it (to refuse items over 400 KB), so a 35-attribute item costs 600 size walks; here
the size is added up once, and the same items are refused. And every attribute value answered goes
through botocore's shape-driven serializer, about 0.1 ms per value (a page of 100 facility records took
0.6-1.4 s); GetItem, BatchGetItem and Query answers are DynamoDB JSON, so they are written with json.dumps
straight from moto's values, and anything json cannot write as is (binary values) still takes the
serializer.
BatchGetItem also walks every answered item's attributes twice to add up its size (the 16 MB answer
limit); here once. Per request, moto also lists its own package directory (twice) to route the call;
the list is read once.
"""
import copy
import json
import sys
import threading

from moto import backends, server
from moto.dynamodb import models as dynamodb_models
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.exceptions import ItemSizeTooLarge
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.models.utilities import bytesize, dynamo_to_dict
from moto.dynamodb.responses import DynamoHandler, DynamoResult
from moto.dynamodb.models.table import Table
from moto.moto_server.werkzeug_app import DomainDispatcherApplication

_dynamodb = threading.Lock()
_dispatch = DomainDispatcherApplication.__call__


def _serialized(self, environ, start_response):
    if environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB"):
        with _dynamodb:
            return _dispatch(self, environ, start_response)
    return _dispatch(self, environ, start_response)


DomainDispatcherApplication.__call__ = _serialized


class _NoTableCopies:
    """moto's `copy` inside transact_write_items: tables are not copied (items are backed up instead)."""

    copy = staticmethod(copy.copy)

    @staticmethod
    def deepcopy(obj, memo=None):
        return obj if isinstance(obj, Table) else copy.deepcopy(obj, memo)


def _backups(backend, transact_items):
    saved = []
    for action in transact_items:
        op_type, op = next(iter(action.items()))
        table = backend.tables.get(op.get("TableName"))
        if table is None:
            continue
        key = op.get("Item") if op_type == "Put" else op.get("Key")
        if not key or table.hash_key_attr not in key:
            continue
        hash_key = DynamoType(key[table.hash_key_attr])
        range_key = None
        if table.range_key_attr is not None:
            if table.range_key_attr not in key:
                continue
            range_key = DynamoType(key[table.range_key_attr])
        current = table.items.get(hash_key)
        if range_key is not None:
            current = current.get(range_key) if current else None
        saved.append((table, hash_key, range_key, copy.deepcopy(current)))
    return saved


def _restore(saved):
    for table, hash_key, range_key, item in reversed(saved):
        if range_key is None:
            if item is None:
                table.items.pop(hash_key, None)
            else:
                table.items[hash_key] = item
        elif item is None:
            table.items.get(hash_key, {}).pop(range_key, None)
        else:
            table.items[hash_key][range_key] = item


_transact_write_items = DynamoDBBackend.transact_write_items


def _transact_write_items_backing_up_items(self, transact_items):
    saved = _backups(self, transact_items)
    dynamodb_models.copy = _NoTableCopies
    try:
        return _transact_write_items(self, transact_items)
    except Exception:
        _restore(saved)
        raise
    finally:
        dynamodb_models.copy = copy


DynamoDBBackend.transact_write_items = _transact_write_items_backing_up_items

_query = Table.query


def _unsorted_items(table):
    if not table.range_key_attr:
        return list(table.items.values())
    return [item for partition in table.items.values() for item in partition.values()]


def _query_without_sorting_the_table(self, hash_key, *args, **kwargs):
    index_name = args[6] if len(args) > 6 else kwargs.get("index_name")
    if index_name or hash_key is None:
        items = _unsorted_items(self)
    else:
        partition = self.items.get(hash_key)
        items = [] if not partition else list(partition.values()) if self.range_key_attr else [partition]
    # moto's query picks its matches from self.all_items() and sorts them itself.
    self.all_items = lambda: items
    try:
        return _query(self, hash_key, *args, **kwargs)
    finally:
        del self.all_items


Table.query = _query_without_sorting_the_table



def _item_init_sized_once(self, hash_key, range_key, attrs):
    self.hash_key = hash_key
    self.range_key = range_key
    values = {key: DynamoType(value) for key, value in attrs.items()}
    # LimitedSizeDict's own limit, checked on the whole item rather than after each attribute.
    if sum(bytesize(key) + value.size() for key, value in values.items()) > 405000:
        raise ItemSizeTooLarge
    self.attrs = LimitedSizeDict()
    dict.update(self.attrs, values)


Item.__init__ = _item_init_sized_once

_PLAIN_JSON_ANSWERS = {"GetItem", "BatchGetItem", "Query"}
_execute_result = DynamoResult.execute_result


def _attribute_value(value):
    # What dynamo_to_dict makes of a DynamoType, for every type but binary (bytes need the serializer).
    if isinstance(value, DynamoType) and value.type not in ("B", "BS"):
        return {value.type: value.value}
    raise TypeError("needs the serializer")


def _execute_result_plain_json(self, context):
    if context.operation_model.name in _PLAIN_JSON_ANSWERS:
        try:
            body = json.dumps(self._answer, default=_attribute_value)
        except TypeError:  # binary values or another object only the serializer knows how to write
            return _execute_result(self, context)
        return 200, {"Content-Type": "application/x-amz-json-1.0"}, body
    return _execute_result(self, context)


def _dynamo_result_init(self, result):
    self._answer = result


def _dynamo_result_converted(self):
    # moto's DynamoResult converts its answer for the serializer when built; here only when the serializer runs.
    if "_converted" not in self.__dict__:
        self.__dict__["_converted"] = dynamo_to_dict(self._answer)
    return self.__dict__["_converted"]


DynamoResult.__init__ = _dynamo_result_init
DynamoResult._result = property(_dynamo_result_converted)
DynamoResult.execute_result = _execute_result_plain_json

_batch_get_item = DynamoHandler.batch_get_item


def _batch_get_item_sizing_once(self):
    # Nothing writes while a BatchGetItem runs (DynamoDB calls are serialized above), so a size holds.
    sizes = {}
    size = Item.size

    def size_once(item):
        if id(item) not in sizes:
            sizes[id(item)] = size(item)
        return sizes[id(item)]

    Item.size = size_once
    try:
        return _batch_get_item(self)
    finally:
        Item.size = size


DynamoHandler.batch_get_item = _batch_get_item_sizing_once

_MOTO_MODULES = tuple(backends.list_of_moto_modules())
backends.list_of_moto_modules = lambda: _MOTO_MODULES

if __name__ == "__main__":
    server.main(sys.argv[1:])
