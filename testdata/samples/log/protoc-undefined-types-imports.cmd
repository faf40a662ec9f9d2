cd /tmp/qa2/pb1 && protoc -I proto --cpp_out=/tmp/qa2/pb1/out proto/shop/order.proto proto/shop/customer.proto 2>&1
# exit status: 1
# libprotoc 3.21.12: order.proto imports a missing file and well-known types without their include path, duplicate field
# number, field number 0, undefined message types; customer.proto has a duplicate field name and a typo'd scalar type
