cd /tmp/qa2/d2 && gdc -g -funittest -fmain -o ring_test ring.d ring_order.d ring_full.d ring_empty.d window.d && ./ring_test 2>&1
# exit status: 1
# GDC 12.2 -funittest: D unittests of a ring buffer in 5 modules; 4 fail: enforce Exception (ring full), AssertError (pop from
# empty), ArraySliceError (size_t underflow), a plain assert with message; druntime stack traces, "4/5 modules FAILED unittests"
