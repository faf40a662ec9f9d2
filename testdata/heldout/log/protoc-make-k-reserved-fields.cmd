cd /tmp/qa2/pb2 && make -k 2>&1
# exit status: 2
# libprotoc 3.21.12 driven by a pattern rule per api/*.proto: reserved field numbers/names, number > 2^29-1 and in 19000-19999,
# duplicate enum value name and field number, duplicate rpc, undefined types; events.proto re-reports billing.proto's errors
